import type { Readable } from 'node:stream';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { files, meetingDocuments } from '../../db/schema/index.js';
import type { Storage } from '../../platform/storage/storage.js';
import { createExtractor } from './meetings.extractor.js';
import type { Extracted } from './meetings.extract.js';
import { nameWords } from './meetings.queries.js';

export { extractText, TEXT_MAX_CHARS, type Extracted } from './meetings.extract.js';

/**
 * The document index: a loop inside the server, off the request path, that reads the text of each
 * uploaded meeting document (PDF with unpdf, DOCX with mammoth, plain text; other types by name
 * only) and stores it with the name as a tsvector (GIN-indexed). An upload writes its row as
 * 'pending' with the name already searchable; the loop picks pending rows oldest first, one at a
 * time, yielding to the event loop between documents, and is woken by an upload (`nudge`) or a
 * poll. The parsing itself runs in one worker thread (meetings.extractor.ts), so the event loop
 * keeps answering requests while a large PDF is read. GET /docservicehealthcheck answers `running()`.
 *
 * One indexer per database handle (a test file may build several apps); on PostgreSQL several
 * server processes each claim their own documents (`claimNext`).
 */

/** Files larger than this are indexed by name only (the text of a 150 MB scan is not worth the memory). */
export const EXTRACT_MAX_BYTES = 30 * 1024 * 1024;
const POLL_MS = 2_000;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface Indexer {
  running(): boolean;
  nudge(): void;
  /** Indexes every pending document now (tests; the loop does the same). Answers how many. */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

const indexers = new WeakMap<object, Indexer>();

/** The indexer of this database, if one was made. */
export const indexerOf = (db: Db): Indexer | undefined => indexers.get(db);

/** How long a claimed document is left to the process that claimed it before another may take it. */
const CLAIM_LEASE_SECONDS = 600;

/**
 * Claims the oldest pending document: `FOR UPDATE SKIP LOCKED` lets each of several processes take
 * a different one, and the claim is a lease written on the row (a pending row's `indexed_at` holds
 * until when it is claimed), so the text is read outside any transaction and a document whose
 * process died is taken up again once its lease ends.
 */
async function claimNext(db: Db): Promise<{ id: number; name: string; key: string; size: number } | undefined> {
  const claimed = db.$with('claimed').as(
    db
      .select({ id: meetingDocuments.id })
      .from(meetingDocuments)
      .where(
        sql`${meetingDocuments.indexState} = 'pending' and (${meetingDocuments.indexedAt} is null or ${meetingDocuments.indexedAt} < now())`,
      )
      .orderBy(asc(meetingDocuments.id))
      .limit(1)
      .for('update', { skipLocked: true }),
  );
  const [row] = await db
    .with(claimed)
    .update(meetingDocuments)
    .set({ indexedAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})` })
    .where(sql`${meetingDocuments.id} in (select id from ${claimed})`)
    .returning({ id: meetingDocuments.id, fileId: meetingDocuments.fileId });
  if (!row) return undefined;
  const [file] = await db
    .select({ name: files.name, key: files.storageKey, size: files.size })
    .from(files)
    .where(eq(files.id, row.fileId));
  return file && { id: row.id, ...file };
}

export function createIndexer(db: Db, storage: Storage, log: FastifyBaseLogger): Indexer {
  let active = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let busy: Promise<number> | null = null;
  const extractor = createExtractor();

  async function indexOne(): Promise<boolean> {
    const doc = await claimNext(db);
    if (!doc) return false;
    let result: Extracted;
    try {
      result =
        doc.size > EXTRACT_MAX_BYTES
          ? { state: 'skipped' }
          : await extractor.extract(doc.name, await readAll(await storage.get(doc.key)));
    } catch (e) {
      // A broken file, or one past the worker's memory or time limit (the worker is replaced).
      result = { state: 'failed', reason: (e as Error).message };
    }
    if (result.state === 'failed')
      log.warn(
        { documentId: doc.id, reason: result.reason },
        'meeting document text could not be read; indexed by name',
      );
    const name = sql`setweight(to_tsvector('english', ${nameWords(doc.name)}), 'A')`;
    await db
      .update(meetingDocuments)
      .set(
        result.state === 'indexed'
          ? {
              content: result.text,
              search: sql`${name} || setweight(to_tsvector('english', ${result.text}), 'B')`,
              indexState: 'indexed',
              indexedAt: new Date(),
            }
          : {
              indexState: result.state,
              indexNote: result.state === 'failed' ? result.reason.slice(0, 500) : null,
              indexedAt: new Date(),
            },
      )
      .where(eq(meetingDocuments.id, doc.id));
    return true;
  }

  function drain(): Promise<number> {
    busy ??= (async () => {
      let n = 0;
      try {
        while (await indexOne()) {
          n++;
          // Requests go first between documents.
          await new Promise((r) => setImmediate(r));
          if (!active && loop) break;
        }
      } finally {
        busy = null;
      }
      return n;
    })();
    return busy;
  }

  async function run() {
    while (active) {
      try {
        await drain();
      } catch (e) {
        log.error({ err: e }, 'meeting document index pass failed');
      }
      if (!active) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, POLL_MS);
        timer.unref?.();
      });
      wake = null;
    }
  }

  const indexer: Indexer = {
    running: () => active,
    nudge: () => wake?.(),
    drain,
    start() {
      if (active) return;
      active = true;
      loop = run();
    },
    async stop() {
      active = false;
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
      await busy;
      loop = null;
      await extractor.close();
    },
  };
  indexers.set(db, indexer);
  return indexer;
}
