import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      restoreMocks: true,
      unstubGlobals: true,
      // Files side by side, one for each core and at least two (Vitest's default is a core less: one
      // file at a time on CI's two cores); 200 s became 147 s on a two-core machine.
      maxWorkers: Math.max(2, availableParallelism()),
      // Typing into a modal form takes seconds when the machine is busy (two cores, many test runs).
      testTimeout: 20_000,
    },
  }),
);
