import { parentPort } from 'node:worker_threads';
import { extractText } from './meetings.extract.js';

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
