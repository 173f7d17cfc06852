import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

// The API server during development; `npm run dev -w apps/server` listens on 3000.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * react-router's package exports name only its development build (remix-run/react-router#12532,
 * #14753), which differs from dist/production by ENABLE_DEV_WARNINGS: the built app takes the
 * production one, so the warnings' code is left out and not evaluated on every first load.
 */
function reactRouterProduction(): Plugin {
  const file = (name: string) =>
    fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${name}`, import.meta.url));
  return {
    name: 'react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: file('index.mjs') },
          { find: /^react-router\/dom$/, replacement: file('dom-export.mjs') },
        ],
      },
    }),
  };
}

export default defineConfig({
  plugins: [react(), reactRouterProduction()],
  resolve: {
    // '@portal/shared' exports its TypeScript source under the 'source' condition.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/dev': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Required by the inlining below: lets Rolldown drop exports of lazy chunks nothing imports.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          /*
           * Automatic code splitting left dozens of tiny chunks (one per Mantine component or
           * icon shared by two lazy pages) on a signed-in first load, each a request, an IPC round
           * and a module of its own in Chromium: common chunks under 10 KiB are copied into the
           * chunks that use them instead (Rolldown keeps one module state across the copies): the
           * dashboard loads a third of the scripts, and Chromium spends less CPU on a first load
           * (bench/README.md, "Issue 14 on a quiet machine").
           */
          experimentalInlineCommonChunks: { maxSize: 10 * 1024 },
        },
      },
    },
  },
});
