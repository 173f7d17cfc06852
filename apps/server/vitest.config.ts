import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    // Migrates a template database once per run; each test file copies it (src/test/helpers.ts).
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files run side by side, one for each core and at least two: Vitest's own default is a core
    // less, which on CI's two cores ran one file at a time. The files wait on the database, servers
    // and sockets part of the time; two at once took the suite from 511 s to 429 s on PGlite and from
    // 390 s to 292 s on PostgreSQL on a two-core machine (bench/README.md, 2026-11-28, eighth session).
    maxWorkers: Math.max(2, availableParallelism()),
    // The AWS SDK's notice that its 2027 releases need Node 22, printed by every test file that loads it.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
