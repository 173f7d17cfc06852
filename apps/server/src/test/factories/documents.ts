import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { files, jobDocuments, siteDocuments } from '../../db/schema/index.js';
import { tinyPdf } from '../../db/seed/demo-jobs.js';
import type { Storage } from '../../platform/storage/storage.js';
import { next } from './sequence.js';

const DAY = 86_400_000;

interface DocumentOpts {
  name?: string;
  description?: string;
  /** The uploader (none: the body's). */
  by?: { id: number } | null;
  /** How long ago it was uploaded: orders a list, oldest first. */
  daysAgo?: number;
}

/** The file's row, its bytes in storage: a small PDF for a .pdf name, else a line of text. */
async function storeFile(db: Db, storage: Storage, o: DocumentOpts & { name: string; description: string }) {
  const pdf = o.name.endsWith('.pdf');
  const body = pdf ? tinyPdf(`${o.name}: ${o.description}`) : Buffer.from(`${o.name}\n\n${o.description}\n`, 'utf8');
  const { key, size } = await storage.put(Readable.from([body]), { prefix: 'uploads' });
  const createdAt = new Date(Date.now() - (o.daysAgo ?? 0) * DAY);
  const [file] = await db
    .insert(files)
    .values({
      storageKey: key,
      name: o.name,
      size,
      mimeType: pdf ? 'application/pdf' : 'text/plain',
      uploadedBy: o.by?.id ?? null,
      createdAt,
    })
    .returning();
  return file!;
}

/** A document of a job, from the facility's side unless told, reviewed when `review` is given. */
export async function makeJobDocument(
  db: Db,
  storage: Storage,
  job: { id: number },
  opts: DocumentOpts & {
    role?: 'AR' | 'TA' | 'LA';
    side?: 'facility' | 'assessor';
    review?: { by: { id: number }; comment: string };
  } = {},
) {
  const n = next();
  const o = { name: `Document ${n}.txt`, description: `Description ${n}`, ...opts };
  const file = await storeFile(db, storage, o);
  const [row] = await db
    .insert(jobDocuments)
    .values({
      jobId: job.id,
      fileId: file.id,
      description: o.description,
      uploaderRole: o.role ?? 'AR',
      side: o.side ?? 'facility',
      reviewedComment: o.review?.comment ?? null,
      reviewedBy: o.review?.by.id ?? null,
      reviewedAt: o.review ? new Date(file.createdAt.getTime() + DAY) : null,
    })
    .returning();
  return { ...row!, file };
}

/** A document of a site: from the facility's side, or the body's (`side: 'body'`, no uploader). */
export async function makeSiteDocument(
  db: Db,
  storage: Storage,
  site: { id: number },
  opts: DocumentOpts & { side?: 'facility' | 'body' } = {},
) {
  const n = next();
  const o = { name: `Site document ${n}.txt`, description: `Description ${n}`, ...opts };
  const file = await storeFile(db, storage, o);
  const [row] = await db
    .insert(siteDocuments)
    .values({ siteId: site.id, fileId: file.id, description: o.description, side: o.side ?? 'facility' })
    .returning();
  return { ...row!, file };
}
