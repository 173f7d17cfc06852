import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Extracted } from './meetings.extract.js';
import type { ExtractJob } from './meetings.extract-worker.js';

/**
 * The indexer's side of the extraction worker: one worker thread, started on the first job, jobs
 * queued to it in order. Parsing a PDF or DOCX is pure CPU (seconds for a large PDF): on the main
 * thread it held every request meanwhile. A job that runs past `timeoutMs` ends the
 * worker (the next job starts a new one) and fails, as does any job of a worker that dies. The
 * worker's heap is limited (`heapMb`): a document that needs more ends the worker (Node stops it
 * with ERR_WORKER_OUT_OF_MEMORY) instead of the server's memory, and the next job starts a new one.
 */
export interface Extractor {
  extract(name: string, body: Uint8Array): Promise<Extracted>;
  /** Ends the worker; jobs not answered fail. */
  close(): Promise<void>;
}

/**
 * The worker: its JavaScript file beside this one once built; from the sources (tsx, Vitest) a
 * small bootstrap that registers tsx's loader in the worker and imports the TypeScript file (a
 * worker does not take `--import tsx` from execArgv on Node 20).
 */
function startWorker(resourceLimits: ResourceLimits): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./meetings.extract-worker.js', import.meta.url), { resourceLimits });
  // tsx's ESM entry, found from this file (import() in the worker resolves it the same way).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const bootstrap = `const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.url); });`;
  return new Worker(bootstrap, {
    eval: true,
    resourceLimits,
    workerData: { tsx, url: new URL('./meetings.extract-worker.ts', import.meta.url).href },
  });
}

type Pending = { resolve: (r: Extracted) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };

/** Per document: 60 s (a 100-page PDF takes a few), and a heap of 256 MB (pdf.js and mammoth build their trees in it). */
export function createExtractor({ timeoutMs = 60_000, heapMb = 256 } = {}): Extractor {
  const limits: ResourceLimits = {
    maxOldGenerationSizeMb: heapMb,
    maxYoungGenerationSizeMb: Math.min(32, Math.ceil(heapMb / 8)),
  };
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      pending.delete(id);
      p.reject(error);
    }
  };

  function start(): Worker {
    const w = startWorker(limits);
    // Never what keeps the process alive: the server and its close decide that.
    w.unref();
    w.on('message', (m: { id: number; result?: Extracted; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.result) p.resolve(m.result);
      else p.reject(new Error(m.error ?? 'the extraction failed'));
    });
    w.on('error', (e) => {
      if (worker === w) worker = null;
      const outOfMemory = (e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      failAll(outOfMemory ? new Error(`reading the text needed more than ${heapMb} MB of memory`) : e);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      failAll(new Error(`the extraction worker stopped (exit code ${code})`));
    });
    return w;
  }

  return {
    extract(name, body) {
      worker ??= start();
      const w = worker;
      const id = nextId++;
      // A copy of its own, handed over to the worker without another copy.
      const bytes = new Uint8Array(body);
      return new Promise<Extracted>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`reading the text took longer than ${Math.round(timeoutMs / 1000)} s`));
          if (worker === w) worker = null;
          void w.terminate();
        }, timeoutMs);
        timer.unref();
        pending.set(id, { resolve, reject, timer });
        w.postMessage({ id, name, body: bytes } satisfies ExtractJob, [bytes.buffer]);
      });
    },
    async close() {
      const w = worker;
      worker = null;
      failAll(new Error('the extraction worker was closed'));
      if (w) await w.terminate();
    },
  };
}
