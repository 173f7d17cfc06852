import { Transform, type Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS, MESSAGES, niceSize, RECORD_MESSAGES, uploadLimitBytes } from '@portal/shared';
import { AppError, badRequest, tooManyRequests } from './errors.js';
import { uploadVolumes } from '../db/schema/index.js';
import type { Storage } from './storage/storage.js';

/**
 * The one upload path: multipart with text fields and one or several files (`files[]`, or the
 * spec's single `file`), each streamed into Storage (never held in memory), with the prechecks,
 * the size limit (MAX_UPLOAD_KB), the file name rules and the spec's messages in this file. The
 * rows that name the files are written by the caller's `save`, in its transaction, only once every
 * file is complete; if anything fails, every stored file of the request is removed.
 *
 * Volume: the files of one request together are held to UPLOAD_REQUEST_MAX_KB (counted as they
 * stream; a declared Content-Length past it is refused before anything is read), and each user to
 * UPLOAD_KB_PER_HOUR (uploadVolume below). Both refusals store nothing.
 */

/** Streaming multipart for the routes of the plugin that calls it (other routes keep refusing it). */
export async function registerUploads(app: FastifyInstance, maxUploadKb: number, opts: { fields?: number } = {}) {
  // A form that lists kept files (existingFiles[] of the forum) needs more fields than 10.
  const fields = opts.fields ?? 10;
  await app.register(fastifyMultipart, {
    limits: {
      // The same bytes the browser refuses (KB of 1000 bytes: 150000 KB is the '150 MB' of the message).
      fileSize: uploadLimitBytes(maxUploadKb),
      files: LIMITS.filesPerUploadMax,
      fields,
      fieldSize: 64 * 1024,
      parts: LIMITS.filesPerUploadMax + fields,
      headerPairs: 100,
    },
  });
}

/** How an upload route's multipart body is written in the API document (the route's `config.multipart`). */
export interface MultipartDoc {
  /** The text fields, as the use case checks them. */
  fields: z.ZodType;
  /** The file part: one `file`, or one or several `files[]` (either is accepted; this is the one documented). */
  files: 'file' | 'files[]';
  /** A post that may come without a file (the forum's). */
  optional?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    multipart?: MultipartDoc;
  }
}

/** The route config of an upload route: `config: { ...multipartConfig(fields, 'file') }`. */
export const multipartConfig = (
  fields: z.ZodType,
  files: MultipartDoc['files'],
  opts: { optional?: boolean } = {},
) => ({
  multipart: { fields, files, optional: opts.optional } satisfies MultipartDoc,
});

const BINARY = { type: 'string', format: 'binary' } as const;

/** The JSON schema (OpenAPI 3.0) of a multipart body: its text fields as zod reads them, and the binary file part. */
export function multipartBodySchema(doc: MultipartDoc): Record<string, unknown> {
  const json = z.toJSONSchema(doc.fields, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const file =
    doc.files === 'file'
      ? // eslint-disable-next-line no-restricted-syntax -- the OpenAPI document, written once at start
        { ...BINARY, description: 'the file' }
      : { type: 'array', items: BINARY, description: 'the files' };
  return {
    type: 'object',
    // eslint-disable-next-line no-restricted-syntax -- the OpenAPI document, written once at start
    properties: { ...json.properties, [doc.files]: file },
    required: [...(json.required ?? []), ...(doc.optional ? [] : [doc.files])],
  };
}

/**
 * Wraps the swagger transform: an upload route's body is read as a stream (`req.parts()`), so it
 * has no body schema for Fastify to validate; the document gets one from `config.multipart`, so a
 * client generated from it can upload.
 */
export function withMultipartBodies<I extends { route: { config?: unknown } }, O extends { schema: object }>(
  transform: (input: I) => O,
) {
  return (input: I): O => {
    const out = transform(input);
    const doc = (input.route.config as { multipart?: MultipartDoc } | undefined)?.multipart;
    // eslint-disable-next-line no-restricted-syntax -- the OpenAPI document, written once at start
    return doc ? { ...out, schema: { ...out.schema, body: multipartBodySchema(doc) } } : out;
  };
}

/** The field names a file may come in. */
const FILE_FIELDS = new Set(['file', 'files[]', 'files']);

const SPECIAL = /[!@#$%^&*_+/\\]/g;
/**
 * Control characters, and the invisible direction marks and bidi overrides (U+061C, U+200E/F,
 * U+202A-202E, U+2066-2069) that make 'invoice\u202Efdp.exe' look like 'invoiceexe.pdf'.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The stored name of an upload: the spec's special characters (!@#$%^&*_+/) and backslashes become
 * '-', control and bidi characters go, and a name that is only dots or empty becomes 'document'.
 * The name is what users see; the file itself is stored under a generated key.
 */
export function sanitizeFilename(raw: string): string {
  let name = raw.normalize('NFC').replace(CONTROL, '').replace(SPECIAL, '-').trim();
  if (/^\.*$/.test(name)) name = 'document';
  if (name.length > 200) {
    const ext = extensionPart(name);
    name = name.slice(0, 200 - ext.length) + ext;
  }
  return name;
}

function extensionPart(name: string): string {
  const m = /\.[A-Za-z0-9]{1,10}$/.exec(name);
  return m ? m[0] : '';
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** A file of the request, complete in Storage, not yet named by any row. */
export interface StoredUpload {
  key: string;
  size: number;
  /** Sanitised file name. */
  name: string;
  /** What the uploader's browser declared: recorded, never served. */
  mimeType: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  /** Every value of each field named `name[]` (existingFiles[] ...), in the order sent. */
  lists: Record<string, string[]>;
  files: StoredUpload[];
}

export interface ReceiveOptions {
  /** The refusal of a second file of one name in the request (default: the documents' message). */
  duplicate?: (name: string) => string;
  /** Fields the precheck needs: a file part before them is refused (400) before it is read. */
  fieldsFirst?: string[];
}

/** Runs when a file part starts, with the fields sent before it; throws to refuse the upload. */
export type Precheck = (fields: Record<string, string>, name: string) => Promise<void>;

/** Room for the text fields and the multipart framing beside the files in a declared Content-Length. */
const FRAMING_BYTES = 2 * 1024 * 1024;
const HOUR_SECONDS = 3600;

/**
 * One user's upload volume over their current hour (table upload_volumes). `reserve` charges bytes
 * and answers false when that would pass the limit, in one statement: the row is locked by the
 * upsert, so parallel requests (and other processes) see each other's charges. A window ends an
 * hour after it started; the next charge starts a new one. `release` gives back what was not stored.
 */
const uploadVolume = {
  async reserve(req: FastifyRequest, userId: number, bytes: number, limitBytes: number): Promise<boolean> {
    if (bytes > limitBytes) return false;
    const expired = sql`${uploadVolumes.windowStart} <= now() - make_interval(secs => ${HOUR_SECONDS})`;
    const after = sql`case when ${expired} then excluded.bytes else ${uploadVolumes.bytes} + excluded.bytes end`;
    const rows = await req.server.deps.db
      .insert(uploadVolumes)
      .values({ userId, bytes })
      .onConflictDoUpdate({
        target: uploadVolumes.userId,
        set: { windowStart: sql`case when ${expired} then now() else ${uploadVolumes.windowStart} end`, bytes: after },
        setWhere: sql`${after} <= ${limitBytes}`,
      })
      .returning({ bytes: uploadVolumes.bytes });
    return rows.length === 1;
  },
  async release(req: FastifyRequest, userId: number, bytes: number): Promise<void> {
    if (bytes <= 0) return;
    await req.server.deps.db
      .update(uploadVolumes)
      .set({ bytes: sql`greatest(${uploadVolumes.bytes} - ${bytes}, 0)` })
      .where(eq(uploadVolumes.userId, userId));
  },
};

/**
 * The request's file bytes, counted as they stream: past the bound the file's stream fails. A class
 * rather than an object literal with a getter (docs/DESIGN.md: such a literal's accessor pair is
 * made in the old generation and holds what its closure holds until a full collection).
 */
class RequestCounter {
  total = 0;
  constructor(
    private readonly maxBytes: number,
    private readonly refusal: () => AppError,
  ) {}

  through(file: Readable): Readable {
    const counter = new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        this.total += chunk.length;
        done(this.total > this.maxBytes ? this.refusal() : null, chunk);
      },
    });
    // The file may have failed already: the body can end while the prechecks await the database,
    // and an error event that fired then is not fired again for a listener added now (Node 24's
    // quicker parse made this common; a cut upload waited for ever).
    if (file.errored) counter.destroy(file.errored);
    else file.on('error', (e) => counter.destroy(e));
    // The file flows in before Storage starts reading (it may first create a folder): a refusal
    // then has no reader yet. Storage's pipeline still gets it, from the stream's errored state.
    counter.on('error', () => {});
    return file.pipe(counter);
  }
}

function isCutOff(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return (
    err.code === 'ECONNRESET' ||
    err.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /Unexpected end of (form|multipart data)|Part terminated early|aborted/i.test(err.message ?? '')
  );
}

function tooLarge(maxUploadKb: number) {
  return badRequest(MESSAGES.fileTooLarge(niceSize(maxUploadKb)));
}

/** The project's error for what multipart or the stream threw, or null when it is not ours to explain. */
function uploadError(e: unknown, maxUploadKb: number): AppError | null {
  if (e instanceof AppError) return e;
  const code = (e as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxUploadKb);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return badRequest(RECORD_MESSAGES.tooManyFiles(LIMITS.filesPerUploadMax));
  if (isCutOff(e) || (typeof code === 'string' && code.startsWith('FST_')))
    return badRequest(RECORD_MESSAGES.uploadIncomplete);
  return null;
}

/**
 * Reads a multipart request: text fields, and each file streamed into storage. precheck runs when
 * a file part starts, so a refused upload (no access, a duplicate name) stops before its bytes are
 * stored. On any failure the files already stored by this request are removed.
 */
export async function receiveUpload(
  req: FastifyRequest,
  storage: Storage,
  maxUploadKb: number,
  precheck?: Precheck,
  opts: ReceiveOptions = {},
): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const files: StoredUpload[] = [];
  // A JSON (or any other) body instead of a form: said plainly, not as a broken upload.
  if (!req.isMultipart()) throw new AppError(415, RECORD_MESSAGES.uploadNotMultipart);
  const { config } = req.server.deps;
  const requestMax = uploadLimitBytes(config.uploadRequestMaxKb);
  const requestTooLarge = () => badRequest(RECORD_MESSAGES.uploadRequestTooLarge(niceSize(config.uploadRequestMaxKb)));
  const declared = Number(req.headers['content-length']);
  // Refused before a byte is read: the body says it is larger than any allowed upload.
  if (Number.isFinite(declared) && declared > requestMax + FRAMING_BYTES) throw requestTooLarge();
  const counter = new RequestCounter(requestMax, requestTooLarge);
  // The hour's volume: charged at the first file (after the prechecks), by the declared length.
  const userId = req.actor?.user.id;
  let reserved = 0;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
          if (part.fieldname.endsWith('[]')) (lists[part.fieldname] ??= []).push(part.value);
        }
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw badRequest(MESSAGES.validationFailed, { files: [RECORD_MESSAGES.uploadFieldName] });
      }
      const name = sanitizeFilename(part.filename ?? '');
      try {
        const missing = opts.fieldsFirst?.filter((f) => fields[f] === undefined) ?? [];
        if (missing.length > 0)
          throw badRequest(RECORD_MESSAGES.fieldsBeforeFiles(missing.join(', ')), {
            files: [RECORD_MESSAGES.fieldsBeforeFiles(missing.join(', '))],
          });
        // Two files of one request under one name would collide in their folder as well.
        if (files.some((f) => f.name === name))
          throw badRequest(opts.duplicate ? opts.duplicate(name) : MESSAGES.duplicateDocument);
        await precheck?.(fields, name);
        if (userId !== undefined && reserved === 0) {
          const charge = Number.isFinite(declared) && declared > 0 ? Math.min(declared, requestMax) : requestMax;
          const limit = uploadLimitBytes(config.uploadKbPerHour);
          if (!(await uploadVolume.reserve(req, userId, charge, limit)))
            throw tooManyRequests(RECORD_MESSAGES.uploadVolumeSpent(niceSize(config.uploadKbPerHour)));
          reserved = charge;
        }
      } catch (e) {
        part.file.resume();
        throw e;
      }
      let stored;
      try {
        stored = await storage.put(counter.through(part.file), { prefix: 'uploads' });
      } catch (e) {
        part.file.resume();
        throw e;
      }
      files.push({
        key: stored.key,
        size: stored.size,
        name,
        mimeType: MIME.test(part.mimetype) ? part.mimetype.toLowerCase() : 'application/octet-stream',
      });
      if (part.file.truncated) throw tooLarge(maxUploadKb);
    }
  } catch (e) {
    await removeStored(storage, files);
    if (userId !== undefined) await uploadVolume.release(req, userId, reserved);
    throw uploadError(e, maxUploadKb) ?? e;
  }
  // The charge becomes what was stored; acceptUpload gives that back too if the save fails.
  if (userId !== undefined) await uploadVolume.release(req, userId, reserved - counter.total);
  return { fields, lists, files };
}

function removeStored(storage: Storage, files: StoredUpload[]) {
  return Promise.all(files.map((f) => storage.delete(f.key)));
}

/** zod issues as the one error shape: the first message, and every message by field. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string | string[]>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  throw badRequest(parsed.error.issues[0]?.message ?? MESSAGES.validationFailed, errors);
}

export interface UploadUseCase<S extends z.ZodType, T> {
  /** The text fields beside the files. */
  fields: S;
  /** Early refusal when a file part starts (fields sent after the file are not there yet). */
  precheck?: Precheck;
  /** Writes the rows that name the files, in one transaction; throwing removes the files. */
  save: (body: z.output<S>, files: StoredUpload[]) => Promise<T>;
  /** A post with attachments (the forum) may come without any file. */
  filesOptional?: boolean;
  /** The refusal of a second file of one name in the request. */
  duplicate?: (name: string) => string;
  /** Fields the precheck needs before a file may be read (the record whose access it checks). */
  fieldsFirst?: string[];
}

/**
 * An upload from start to end: receive and store the files, check the fields, require at least
 * one file, then save. Whatever fails after a file is stored removes it, so a refused or broken
 * upload leaves no file and no row.
 */
export async function acceptUpload<S extends z.ZodType, T>(
  req: FastifyRequest,
  storage: Storage,
  maxUploadKb: number,
  useCase: UploadUseCase<S, T>,
): Promise<T> {
  const { fields, lists, files } = await receiveUpload(req, storage, maxUploadKb, useCase.precheck, {
    duplicate: useCase.duplicate,
    fieldsFirst: useCase.fieldsFirst,
  });
  try {
    const body = parseFields(useCase.fields, { ...fields, ...lists });
    if (files.length === 0 && !useCase.filesOptional)
      throw badRequest(RECORD_MESSAGES.fileRequired, { files: [RECORD_MESSAGES.fileRequired] });
    return await useCase.save(body, files);
  } catch (e) {
    await removeStored(storage, files);
    // Nothing was kept: nothing counts against the hour.
    if (req.actor)
      await uploadVolume.release(
        req,
        req.actor.user.id,
        files.reduce((n, f) => n + f.size, 0),
      );
    throw e;
  }
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeader(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
