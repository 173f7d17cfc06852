/**
 * The meeting document index's throughput (issue 11): `COUNT` pending PDF documents made from the
 * index's test fixture (makePdf with `PARAGRAPHS` paragraphs: 40 is a few pages; 2000 about 100),
 * stored under a temporary data directory, then one `drain()` of the indexer (text read in its
 * worker thread, stored as a tsvector) timed, after one warm-up document: documents per second. On a fresh in-memory PGlite,
 * or on PostgreSQL with DATABASE_URL (a database created afresh).
 *
 *   nice -n 19 npx tsx --conditions=source bench/indexer.ts   (COUNT=50 PARAGRAPHS=40)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { makePdf } from '../apps/server/src/db/seed/meeting-files.js';
import { createIndexer } from '../apps/server/src/modules/meetings/meetings.indexer.js';
import { createStorage } from '../apps/server/src/platform/storage/storage.js';
import { makeCommittee } from '../apps/server/src/test/factories/committees.js';
import { makeMeetingDocument, makeMeetingFolder } from '../apps/server/src/test/factories/meetings.js';
import { makeSignedIn } from '../apps/server/src/test/factories/users.js';
import { freshDatabase } from './portal.mjs';

const COUNT = Number(process.env.COUNT ?? 50);
const PARAGRAPHS = Number(process.env.PARAGRAPHS ?? 40);
const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-indexer-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

if (process.env.DATABASE_URL) await freshDatabase(process.env.DATABASE_URL);
const database = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(null);
const db = database.db;
const storage = createStorage({ dataDir: dir });
const { user } = await makeSignedIn(db, { roles: ['CM'] });
const committee = await makeCommittee(db, { admin: user });
const root = await makeMeetingFolder(db, { committee });
const sub = await makeMeetingFolder(db, { committee, parent: root });
const paragraphs = Array.from(
  { length: PARAGRAPHS },
  (_, i) =>
    `Paragraph ${i}: the zirconium proficiency round of balance ${i} was checked against the reference weights and found within tolerance.`,
);
const pdf = await makePdf('Proficiency report', paragraphs);
const log = { warn: console.warn, error: console.error } as unknown as FastifyBaseLogger;
const indexer = createIndexer(db, storage, log);
// One document first: the worker's start (and, from the sources, tsx compiling it) is not counted.
await makeMeetingDocument(db, { folder: sub, name: 'warm-up.pdf', storage, body: pdf });
await indexer.drain();
for (let i = 0; i < COUNT; i++)
  await makeMeetingDocument(db, { folder: sub, name: `report-${i}.pdf`, storage, body: pdf });
const s = performance.now();
const n = await indexer.drain();
const seconds = (performance.now() - s) / 1000;
await indexer.stop();
console.log(
  `${database.kind}: ${n} PDFs of ${pdf.length} bytes (${PARAGRAPHS} paragraphs) indexed in ${seconds.toFixed(2)} s: ${(n / seconds).toFixed(1)} documents/s`,
);
await database.close();
process.exit(0);
