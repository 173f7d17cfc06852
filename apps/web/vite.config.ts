import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

// The API server during development; `npm run dev -w apps/server` listens on 3000.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** The modules of the first page most sessions open: the entry, the signed-in frame, the dashboard. */
const FIRST_PAGE = ['src/main.tsx', 'src/app/shell/shell-frame.tsx', 'src/app/dashboard-page.tsx'];

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136 and later; a comment to
 * other browsers) at the top of the chunks of the first page and every chunk they import. Without
 * it, each function is compiled on the main thread at its first call: about 1,870 of them, 117-309
 * ms of a dashboard's load in a new tab on two cores. With it, Chromium compiles those files whole
 * as they stream, off the main thread: 18 functions were left to compile there, and the dashboard's
 * LCP in a new tab came 48-64 ms sooner (bench/README.md, "V8's compile hints"). Other chunks
 * (pages opened later) keep lazy compilation: most of their functions never run on a first load.
 * The comment must be a file's first line, so it is added after Vite has written its own preamble
 * (the `__vite__mapDeps` table), at the end of the bundle's generation.
 */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((out) => out.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const hinted = new Set<string>();
        const visit = (file: string) => {
          if (hinted.has(file)) return;
          hinted.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
        const root = fileURLToPath(new URL('.', import.meta.url));
        for (const module of FIRST_PAGE) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id === `${root}${module}`));
          if (!chunk) this.error(`compile-hints: no chunk holds ${module}`);
          visit(chunk.fileName);
        }
        for (const file of hinted) {
          const chunk = byFile.get(file)!;
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), compileHints()],
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
