import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, niceSize, RECORD_MESSAGES } from '@portal/shared';
import { AppError, badRequest } from './errors.js';
import type { Storage } from './storage.js';

/**
 * Streaming multipart for the routes of the plugin that calls it (encapsulated: other routes keep
 * refusing multipart). Files are never held in memory: each part streams into Storage.
 */
export async function registerUploads(app: FastifyInstance, maxUploadKb: number) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxUploadKb * 1024, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12, headerPairs: 100 },
  });
}

const SPECIAL = /[!@#$%^&*_+/\\]/g;
/**
 * Control characters, and the invisible direction marks and bidi overrides (U+061C, U+200E/F,
 * U+202A-202E, U+2066-2069) that make 'invoice\u202Efdp.exe' look like 'invoiceexe.pdf'.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The stored name of an upload: the spec's special characters (!@#$%^&*_+/) and backslashes become
 * '-', control and bidi characters go, and a name that is only dots or empty becomes 'document'. The name
 * is what users see; the file itself is stored under a generated key.
 */
export function sanitizeFilename(raw: string): string {
  let name = raw.normalize('NFC').replace(CONTROL, '').replace(SPECIAL, '-').trim();
  if (/^\.*$/.test(name)) name = 'document';
  if (name.length > 200) {
    const ext = path_ext(name);
    name = name.slice(0, 200 - ext.length) + ext;
  }
  return name;
}

function path_ext(name: string): string {
  const m = /\.[A-Za-z0-9]{1,10}$/.exec(name);
  return m ? m[0] : '';
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

export interface StoredUpload {
  key: string;
  size: number;
  /** Sanitised file name. */
  name: string;
  mimeType: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: StoredUpload | null;
}

function isCutOff(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return (
    err.code === 'ECONNRESET' ||
    err.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /Unexpected end of (form|multipart data)|Part terminated early|aborted/i.test(err.message ?? '')
  );
}

/**
 * Reads a multipart request: text fields, and one file streamed into storage. beforeFile runs
 * when the file part starts, with the fields sent before it, so a refused upload (no access, a
 * duplicate name) stops before any byte is stored. Whatever fails after the file is stored removes it.
 */
export async function receiveUpload(
  req: FastifyRequest,
  storage: Storage,
  maxUploadKb: number,
  beforeFile?: (fields: Record<string, string>, name: string) => Promise<void>,
): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let file: StoredUpload | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (file || part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(MESSAGES.validationFailed, { file: ['Send one file, in the field named file.'] });
      }
      const name = sanitizeFilename(part.filename ?? '');
      if (beforeFile) {
        try {
          await beforeFile(fields, name);
        } catch (e) {
          part.file.resume();
          throw e;
        }
      }
      let stored: { key: string; size: number };
      try {
        stored = await storage.put(part.file, { prefix: 'uploads' });
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MESSAGES.fileTooLarge(niceSize(maxUploadKb)));
        if (isCutOff(e) || (typeof code === 'string' && code.startsWith('FST_'))) throw badRequest(RECORD_MESSAGES.uploadIncomplete);
        throw e;
      }
      file = { key: stored.key, size: stored.size, name, mimeType: MIME.test(part.mimetype) ? part.mimetype.toLowerCase() : 'application/octet-stream' };
      if (part.file.truncated) throw badRequest(MESSAGES.fileTooLarge(niceSize(maxUploadKb)));
    }
  } catch (e) {
    if (file) await storage.delete(file.key);
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string; statusCode?: number }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MESSAGES.fileTooLarge(niceSize(maxUploadKb)));
    if (isCutOff(e)) throw badRequest(RECORD_MESSAGES.uploadIncomplete);
    throw e;
  }
  return { fields, file };
}

/** Runs the database part of an upload; if it fails, the stored file is removed. */
export async function keepOnlyIfSaved<T>(storage: Storage, file: StoredUpload, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (e) {
    await storage.delete(file.key);
    throw e;
  }
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeader(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
