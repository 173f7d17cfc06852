import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayShowInline, servedTypeOf } from '@portal/shared';
import type { Db, Tx } from '../db/client.js';
import { files } from '../db/schema/index.js';
import { recordAudits, type AuditWho } from './audit.js';
import { actorOf } from './auth.js';
import type { Storage } from './storage/storage.js';
import { attachmentHeader, type StoredUpload } from './uploads.js';
import { zipStream } from './zip.js';

/**
 * The stored-file model: a row of `files` per stored object, named by the records of any area
 * (job and site documents today). Uploads come in through platform/uploads.ts; this file writes
 * their rows and serves them back, one file or a zip, always with the type the server chooses.
 */
export type StoredFile = typeof files.$inferSelect;

/** The rows of complete uploads; call it in the transaction of the record that names them. */
export function insertFiles(tx: Db | Tx, uploads: StoredUpload[], uploadedBy: number | null): Promise<StoredFile[]> {
  if (uploads.length === 0) return Promise.resolve([]);
  return tx
    .insert(files)
    .values(uploads.map((u) => ({ storageKey: u.key, name: u.name, size: u.size, mimeType: u.mimeType, uploadedBy })))
    .returning();
}

export type Disposition = 'attachment' | 'inline';

/**
 * The CSP of a file shown inline: a sandbox (an opaque origin, no script, no forms, no popups), no
 * fetches of its own, and framed only by the portal's own pages (the publication preview). The
 * browser's PDF viewer still draws it. Files sent as attachments keep the portal's document CSP.
 */
export const INLINE_FILE_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * Who downloads, and from which area ('job_document', 'publication' ...): every download is
 * recorded in the audit trail before its bytes go, one row per file (a zip: one per file it
 * holds, in one statement), so the trail can be searched by file as by user.
 */
export interface Downloader {
  db: Db;
  who: AuditWho;
  /** The request's address, for the audit trail. */
  ip: string | null;
  area: string;
}

/** The signed-in user of the request, downloading from `area`. */
export const downloaderOf = (db: Db, req: FastifyRequest, area: string): Downloader => ({
  db,
  who: actorOf(req).user,
  ip: req.ip,
  area,
});

function recordDownloads(by: Downloader, list: StoredFile[], zipName?: string) {
  return recordAudits(
    by.db,
    list.map((f) => ({
      action: 'documents.download' as const,
      who: by.who,
      ip: by.ip,
      record: { type: 'file', id: f.id },
      after: { name: f.name, area: by.area, ...(zipName ? { zip: zipName } : {}) },
    })),
  );
}

/**
 * Streams one file. The type comes from its name by the allow-list of packages/shared, never from
 * what the uploader declared; only documents and images without scripts may show inline; nosniff
 * stops the browser from guessing (so a .js never runs as a script on the portal's origin); an
 * inline one is sandboxed by its own CSP, so the portal's pages may frame it (a PDF preview).
 */
export async function sendFile(
  reply: FastifyReply,
  storage: Storage,
  file: StoredFile,
  disposition: Disposition,
  by: Downloader,
) {
  await recordDownloads(by, [file]);
  const stream = await storage.get(file.storageKey);
  const inline = disposition === 'inline' && mayShowInline(file.name);
  if (inline) reply.header('content-security-policy', INLINE_FILE_CSP).header('x-frame-options', 'SAMEORIGIN');
  return reply
    .header('content-type', servedTypeOf(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentHeader(file.name, inline ? 'inline' : 'attachment'))
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/** Streams a zip of the files, each opened only when the zip reaches it. */
export async function sendZip(
  reply: FastifyReply,
  storage: Storage,
  list: StoredFile[],
  zipName: string,
  by: Downloader,
) {
  await recordDownloads(by, list, zipName);
  return reply
    .header('content-type', 'application/zip')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', attachmentHeader(zipName))
    .header('cache-control', 'private, no-store')
    .send(zipStream(list.map((f) => ({ name: f.name, mtime: f.createdAt, open: () => storage.get(f.storageKey) }))));
}
