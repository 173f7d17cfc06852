import { defineConfig } from 'vitest/config';

/**
 * The production suite (src/production/*.prod.ts): what is shipped, the built bundle, in the
 * configuration of README's "Running in production". `npm run test:production` (after
 * `npm run build`), PostgreSQL and Redis running. Each file starts its own processes, database,
 * bucket and mail sink; two files at a time keep a two-core machine busy without starving the
 * processes they start.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/production/**/*.prod.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: 'forks',
    maxWorkers: 2,
    env: { TEST_PORTAL: 'bundle', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
