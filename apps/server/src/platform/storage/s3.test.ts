import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_MESSAGES } from '@portal/shared';
import { files, jobs } from '../../db/schema/index.js';
import { seedDemo } from '../../db/seed/seed.js';
import { auth, buildTestApp, loginAs, type TestApp } from '../../test/helpers.js';
import { multipart } from '../../test/multipart.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { AppError } from '../errors.js';
import { PART_SIZE, UPLOADS_AT_ONCE, s3Storage } from './s3.js';
import { createStorage, type Storage } from './storage.js';
import { keysNamedByRows } from './named-by-rows.js';

/**
 * The S3 store against a real S3 API server (s3rver in its own process): the disk store's
 * contract (a put is all or nothing, reads stream), a sender that breaks off, a store that
 * refuses, and the sweep of objects no row names.
 */

let s3: S3TestServer;
let bucket: string;
let store: Storage;

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = await s3.createBucket();
  store = s3Storage(s3.settings(bucket));
});
afterAll(() => s3?.close());

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A sender that gives `bytes` in 64 kB chunks, then fails (a connection cut mid-body) when told to. */
function sender(bytes: number, fail = false): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        if (fail) this.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
        else this.push(null);
        return;
      }
      const n = Math.min(65536, bytes - sent);
      sent += n;
      this.push(randomBytes(n));
    },
  });
}

describe('the S3 store', () => {
  it('streams a file of several parts in and out, byte for byte, and deletes it', async () => {
    const body = randomBytes(2 * PART_SIZE + 12345);
    const { key, size } = await store.put(Readable.from([body.subarray(0, 3_000_000), body.subarray(3_000_000)]), {
      prefix: 'uploads',
    });
    expect(key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(size).toBe(body.length);
    expect(await store.size(key)).toBe(body.length);
    expect(sha(await readAll(await store.get(key)))).toBe(sha(body));
    await store.delete(key);
    expect(await store.size(key)).toBeNull();
    await expect(store.get(key)).rejects.toMatchObject({ statusCode: 404 });
    await store.delete(key); // a missing one is not an error
  });

  it('stores a small file in one put', async () => {
    const { key, size } = await store.put(Readable.from([Buffer.from('small')]));
    expect(size).toBe(5);
    expect((await readAll(await store.get(key))).toString()).toBe('small');
  });

  it('leaves no object when the sender breaks off, before or after the first part went out', async () => {
    const before = await s3.keys(bucket);
    for (const bytes of [1000, PART_SIZE + 100_000, 2 * PART_SIZE + 5]) {
      await expect(store.put(sender(bytes, true))).rejects.toMatchObject({ code: 'ECONNRESET' });
    }
    expect(await s3.keys(bucket)).toEqual(before);
  });

  it(`completes more uploads at once than may stream at once (${UPLOADS_AT_ONCE}), also after others failed`, async () => {
    const run = () =>
      Promise.all(
        Array.from({ length: UPLOADS_AT_ONCE + 3 }, async () => {
          const body = randomBytes(PART_SIZE + 1 + Math.floor(Math.random() * PART_SIZE));
          const { key, size } = await store.put(Readable.from([body]));
          expect(size).toBe(body.length);
          expect(sha(await readAll(await store.get(key)))).toBe(sha(body));
          await store.delete(key);
        }),
      );
    await run();
    const failing = s3Storage(s3.settings('no-such-bucket'));
    await Promise.all(
      Array.from({ length: UPLOADS_AT_ONCE + 3 }, () =>
        expect(failing.put(sender(2 * PART_SIZE))).rejects.toBeInstanceOf(AppError),
      ),
    );
    await Promise.all(
      Array.from({ length: UPLOADS_AT_ONCE + 3 }, () =>
        expect(store.put(sender(PART_SIZE + 10, true))).rejects.toMatchObject({ code: 'ECONNRESET' }),
      ),
    );
    await run();
  });

  it('answers 503 with a clear message when the store refuses the put (wrong keys, a missing bucket), and leaves nothing', async () => {
    const before = await s3.keys(bucket);
    const wrongKeys = s3Storage({
      ...s3.settings(bucket),
      accessKeyId: 'NOT-A-KEY',
      secretAccessKey: 'not-the-secret',
    });
    const noBucket = s3Storage(s3.settings('no-such-bucket'));
    for (const refusing of [wrongKeys, noBucket]) {
      for (const bytes of [10, PART_SIZE + 10]) {
        const error = await refusing.put(sender(bytes)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ statusCode: 503, message: RECORD_MESSAGES.storageUnavailable });
      }
    }
    expect(await s3.keys(bucket)).toEqual(before);
  });
});

describe('the portal on S3', () => {
  let t: TestApp;
  let refusing: TestApp;
  let appBucket: string;
  let refusedBucket: string;

  beforeAll(async () => {
    appBucket = await s3.createBucket();
    refusedBucket = await s3.createBucket();
    t = await buildTestApp(s3.env(appBucket));
    // The same demo rows, but the portal's keys are wrong: every put is refused. Its test uploads
    // and needs no demo file, so it is seeded without files: seeding them with the right keys failed
    // the whole file twice in CI (2026-11-29 and -30) for a reason its excerpt did not show; the
    // first app's seeding, which does store them, now puts S3's reason into its failure.
    refusing = await buildTestApp(
      { ...s3.env(refusedBucket), S3_ACCESS_KEY_ID: 'NOT-A-KEY', S3_SECRET_ACCESS_KEY: 'not-the-secret' },
      { seed: false },
    );
    await seedDemo(refusing.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await refusing?.close();
  });

  it('keeps no file in DATA_DIR: the demo documents are objects in the bucket', async () => {
    const keys = await s3.keys(appBucket);
    const rows = await t.database.db.select({ key: files.storageKey }).from(files);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(keys).toContain(r.key);
    expect(existsSync(path.join(t.config.dataDir, 'files'))).toBe(false);
  });

  it('answers a refused upload with 503 and the message, and writes no row and no object', async () => {
    const token = await loginAs(refusing, 'ar@portal.test');
    const [job] = await refusing.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.jobNumber, '100236'));
    const before = await s3.keys(refusedBucket);
    const { payload, headers } = multipart([
      { name: 'jobId', value: String(job!.id) },
      { name: 'role', value: 'AR' },
      { name: 'description', value: 'refused' },
      { name: 'file', filename: 'refused.pdf', type: 'application/pdf', content: randomBytes(PART_SIZE + 1000) },
    ]);
    const res = await refusing.app.inject({
      method: 'POST',
      url: '/api/jobdocuments',
      payload,
      headers: { ...headers, ...auth(token) },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(RECORD_MESSAGES.storageUnavailable);
    expect(await refusing.database.db.select().from(files).where(eq(files.name, 'refused.pdf'))).toEqual([]);
    expect(await s3.keys(refusedBucket)).toEqual(before);
  });

  it('sweeps objects no row names once they are older than the grace time, and only those', async () => {
    const storage = createStorage(t.config);
    const orphan = await storage.put(Readable.from([Buffer.from('no row names me')]));
    const named = (keys: string[]) => keysNamedByRows(t.database.db, keys);
    // Within the grace time (an upload whose row is about to commit): kept.
    expect(await storage.sweep(new Date(Date.now() - 3_600_000), named)).toEqual({ parts: 0, objects: 0 });
    expect(await storage.size(orphan.key)).toBe(15);
    // Past it: removed, and every object a row names stays.
    expect(await storage.sweep(new Date(Date.now() + 60_000), named)).toEqual({ parts: 0, objects: 1 });
    expect(await storage.size(orphan.key)).toBeNull();
    const rows = await t.database.db.select({ key: files.storageKey }).from(files);
    for (const r of rows) expect(await storage.size(r.key)).not.toBeNull();
  });
});
