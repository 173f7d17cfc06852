import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { extractText } from './meetings.extract.js';

// Indexing can wait; uploads and requests cannot. On Linux every thread has its own nice value and
// setpriority(0) names the calling thread only, so this thread yields the cores to the rest of the
// server (a 150 MB upload kept 0.48 of its idle speed beside the indexer, about 1.0 with this:
// bench/upload-while-indexing.mjs). Elsewhere 0 would be the whole process: left as it is.
if (process.platform === 'linux') {
  try {
    setPriority(0, 19);
  } catch {
    // Not allowed here: the thread keeps the process's priority.
  }
}

/**
 * The extraction worker (node:worker_threads): takes { id, name, body } jobs from the indexer one
 * after another and answers { id, result } or { id, error }. Started by meetings.extractor.ts.
 */
export interface ExtractJob {
  id: number;
  name: string;
  body: Uint8Array;
}

let queue: Promise<void> = Promise.resolve();
parentPort?.on('message', (job: ExtractJob) => {
  queue = queue.then(async () => {
    try {
      parentPort!.postMessage({ id: job.id, result: await extractText(job.name, job.body) });
    } catch (e) {
      parentPort!.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) });
    }
  });
});
