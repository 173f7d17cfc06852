import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { RECORD_MESSAGES } from '@portal/shared';
import type { S3Settings } from '../../config.js';
import { AppError, notFound } from '../errors.js';
import type { Storage } from './storage.js';
import { byteCounter, checkKey, KEY, newKey } from './keys.js';
import type { NamedKeys, SweepResult } from './sweep.js';
import { moduleExports } from '../module-exports.js';

/**
 * Files in an S3 bucket (AWS S3 or any S3-compatible server), with AWS SDK v3. Each put streams
 * through @aws-sdk/lib-storage's Upload: one PutObject for a small file, a multipart upload for a
 * large one, aborted on any failure; the object appears only once complete, so a put is all or
 * nothing as on the local disk. Memory is bounded by the part size, one part in flight per upload
 * and UPLOADS_AT_ONCE uploads streaming at once.
 */

/** S3's smallest part: the part being filled and the one in flight are what an upload holds in memory. */
export const PART_SIZE = 5 * 1024 * 1024;
/** One part in flight per upload: many uploads at once already use the link, and each part is memory. */
export const QUEUE_SIZE = 1;
/**
 * Uploads that stream to S3 at once, in the whole process. lib-storage gathers each part whole
 * and copies it once, and keeps the last part's buffer until the next one is full, so every
 * upload under way holds 5 to 15 MB: ten at once held about 180 MB. Past this many, an upload
 * waits for a turn after its first megabyte (its sender then waits too, through TCP); smaller
 * files never wait.
 */
export const UPLOADS_AT_ONCE = 3;

/** A counting semaphore: the turns of UPLOADS_AT_ONCE. */
class Turns {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}
  take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  give() {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

const uploadTurns = new Turns(UPLOADS_AT_ONCE);
/** What an upload may send before it needs a turn. */
const FREE_BYTES = 1024 * 1024;

/**
 * Passes the sender's bytes to lib-storage once the upload has its turn; `done` gives the turn
 * back (also when the upload ended while it waited). An upload with a turn needs nothing more
 * than its sender and S3 to finish, so the turns always come round.
 */
function turnGate() {
  let state: 'waiting' | 'holding' | 'ended' = 'waiting';
  let passed = 0;
  let taking: Promise<void> | undefined;
  const gate = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (state === 'holding') return done(null, chunk);
      // A small file goes through without waiting behind large ones; a large one waits holding this much.
      if (passed + chunk.length <= FREE_BYTES) {
        passed += chunk.length;
        return done(null, chunk);
      }
      taking ??= uploadTurns.take().then(() => {
        if (state === 'ended') uploadTurns.give();
        else state = 'holding';
      });
      taking.then(() => done(null, chunk), done);
    },
  });
  return {
    gate,
    done: () => {
      if (state === 'holding') uploadTurns.give();
      state = 'ended';
    },
  };
}

export interface StorageLog {
  warn(obj: object, msg: string): void;
}

type Sdk = typeof import('@aws-sdk/client-s3') & typeof import('@aws-sdk/lib-storage');

let sdkLoading: Promise<Sdk> | undefined;
/** The SDK loads at the first use: a server on the local disk never reads it (its start stays as fast). */
function loadSdk(): Promise<Sdk> {
  sdkLoading ??= Promise.all([
    moduleExports(import('@aws-sdk/client-s3')),
    moduleExports(import('@aws-sdk/lib-storage')),
  ]).then(([s3, lib]) => ({
    ...s3,
    ...lib,
  }));
  return sdkLoading;
}

/** The S3 client of these settings (also what the tests and storage:migrate use to look into the bucket). */
export async function s3Client(s: S3Settings): Promise<S3Client> {
  const sdk = await loadSdk();
  return new sdk.S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: the SDK's default (a CRC trailer on every upload, in
    // aws-chunked encoding) is refused by several S3-compatible servers. The size is checked below.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function statusOf(e: unknown): number | undefined {
  return (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function isMissing(e: unknown): boolean {
  const name = (e as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(e) === 404;
}

/**
 * What an operator needs to see of an S3 failure: its name, status and network code (ECONNRESET),
 * and for a size that differs the two sizes; never a key, a URL or the server's message.
 */
function describe(e: unknown) {
  const { name, code, sizes } = e as { name?: string; code?: unknown; sizes?: object };
  return {
    s3Error: name ?? 'Error',
    status: statusOf(e),
    ...(typeof code === 'string' ? { code } : {}),
    ...(sizes ? { sizes } : {}),
  };
}

export function s3Storage(settings: S3Settings & { log?: StorageLog }): Storage {
  const Bucket = settings.bucket;
  const log = settings.log;
  let client: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const ready = () =>
    (client ??= Promise.all([loadSdk(), s3Client(settings)]).then(([sdk, c]) => ({ sdk, client: c })));

  const removeQuietly = async (key: string) => {
    const { sdk, client: c } = await ready();
    await c
      .send(new sdk.DeleteObjectCommand({ Bucket, Key: key }))
      .catch((e: unknown) => log?.warn(describe(e), 'S3: an incomplete object was not removed (housekeeping will)'));
  };

  const putAt = async (key: string, source: Readable) => {
    checkKey(key);
    const { sdk, client: c } = await ready();
    const count = byteCounter();
    const turns = turnGate();
    // Whichever side fails first is the cause: the sender (a cut upload) or the store (a refusal).
    let failure: { from: 'source' | 'store'; error: unknown } | undefined;
    const upload = new sdk.Upload({
      client: c,
      params: { Bucket, Key: key, Body: turns.gate },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    const feeding = pipeline(source, count, turns.gate).catch((error: unknown) => {
      failure ??= { from: 'source', error };
    });
    const storing = upload.done().catch((error: unknown) => {
      failure ??= { from: 'store', error };
      // Stops reading the sender, as a failed disk write does.
      turns.gate.destroy();
    });
    try {
      await Promise.all([feeding, storing]);
    } finally {
      turns.done();
    }
    if (!failure) {
      const head = await c.send(new sdk.HeadObjectCommand({ Bucket, Key: key })).catch((error: unknown) => {
        failure = { from: 'store', error };
      });
      if (head && head.ContentLength !== count.bytes) {
        const sizes = { stored: head.ContentLength, sent: count.bytes };
        failure = {
          from: 'store',
          error: Object.assign(new Error('stored size differs'), { name: 'SizeMismatch', sizes }),
        };
      }
    }
    if (failure) {
      // A multipart upload is aborted by Upload itself; a single put that completed just as the
      // sender failed is removed here. Servers without abort keep parts, never an object.
      await removeQuietly(key);
      if (failure.from === 'source') throw failure.error;
      log?.warn(describe(failure.error), 'S3: an upload was refused');
      throw new AppError(503, RECORD_MESSAGES.storageUnavailable);
    }
    return { key, size: count.bytes };
  };

  return {
    put: (source, opts = {}) => putAt(newKey(opts.prefix), source),
    putAt,
    async get(key) {
      checkKey(key);
      const { sdk, client: c } = await ready();
      try {
        const out = await c.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return out.Body as Readable;
      } catch (e) {
        if (isMissing(e)) throw notFound();
        log?.warn(describe(e), 'S3: a read failed');
        throw new AppError(503, RECORD_MESSAGES.storageReadFailed);
      }
    },
    async delete(key) {
      checkKey(key);
      const { sdk, client: c } = await ready();
      try {
        await c.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (e) {
        if (!isMissing(e)) throw e;
      }
    },
    async size(key) {
      checkKey(key);
      const { sdk, client: c } = await ready();
      try {
        return (await c.send(new sdk.HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? null;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async sweep(before, named) {
      const { sdk, client: c } = await ready();
      const result: SweepResult = { parts: await abortOldUploads(sdk, c, Bucket, before), objects: 0 };
      result.objects = await removeUnnamed(sdk, c, Bucket, before, named);
      return result;
    },
  };
}

/**
 * Multipart uploads a dead process left open (kill -9 mid-upload): their parts are billed and
 * never become an object. Aborts those begun before `before`. A server without the listing call
 * (s3rver) answers NotImplemented: a bucket lifecycle rule (AbortIncompleteMultipartUpload) is
 * then the way, as the README says.
 */
async function abortOldUploads(sdk: Sdk, c: S3Client, Bucket: string, before: Date): Promise<number> {
  let aborted = 0;
  let KeyMarker: string | undefined;
  let UploadIdMarker: string | undefined;
  for (;;) {
    let page;
    try {
      page = await c.send(new sdk.ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }));
    } catch (e) {
      const name = (e as { name?: string }).name;
      if (name === 'NotImplemented' || statusOf(e) === 501 || statusOf(e) === 405) return aborted;
      throw e;
    }
    for (const u of page.Uploads ?? []) {
      if (!u.Key || !u.UploadId || !KEY.test(u.Key) || !u.Initiated || u.Initiated >= before) continue;
      await c.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }));
      aborted++;
    }
    if (!page.IsTruncated) return aborted;
    KeyMarker = page.NextKeyMarker;
    UploadIdMarker = page.NextUploadIdMarker;
  }
}

/** Objects last written before `before` that no row names (a crash between the put and the row's commit). */
async function removeUnnamed(sdk: Sdk, c: S3Client, Bucket: string, before: Date, named: NamedKeys): Promise<number> {
  let removed = 0;
  let ContinuationToken: string | undefined;
  do {
    const page = await c.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: 1000 }));
    const candidates = (page.Contents ?? [])
      .filter((o) => o.Key && KEY.test(o.Key) && o.LastModified && o.LastModified < before)
      .map((o) => o.Key!);
    if (candidates.length > 0) {
      const keep = await named(candidates);
      for (const key of candidates) {
        if (keep.has(key)) continue;
        await c.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
        removed++;
      }
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return removed;
}
