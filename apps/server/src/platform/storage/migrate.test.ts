import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { s3Storage } from './s3.js';
import { localDiskStorage, type Storage } from './storage.js';
import { migrateStorage } from './migrate.js';

/** npm run storage:migrate: every file a row names, from the disk to a real S3 server and back. */

let t: TestApp;
let s3: S3TestServer;
let disk: Storage;
let bucket: Storage;
let back: string;
let rows: { id: number; key: string; size: number }[];

beforeAll(async () => {
  [t, s3] = await Promise.all([buildTestApp(), startS3Server()]);
  disk = localDiskStorage(path.join(t.config.dataDir, 'files'));
  bucket = s3Storage(s3.settings(await s3.createBucket()));
  back = mkdtempSync(path.join(tmpdir(), 'portal-migrate-'));
  rows = await t.database.db
    .select({ id: files.id, key: files.storageKey, size: files.size })
    .from(files)
    .orderBy(asc(files.id));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(back, { recursive: true, force: true });
});

async function digest(stream: Readable) {
  const hash = createHash('sha256');
  for await (const c of stream) hash.update(c as Buffer);
  return hash.digest('hex');
}

describe('storage:migrate', () => {
  it('copies every stored file from the disk to S3 under its key, checking sizes', async () => {
    expect(rows.length).toBeGreaterThan(10);
    const result = await migrateStorage(t.database.db, disk, bucket);
    expect(result).toMatchObject({ copied: rows.length, skipped: 0, problems: [] });
    expect(result.bytes).toBe(rows.reduce((n, r) => n + r.size, 0));
    for (const r of rows) expect(await digest(await bucket.get(r.key))).toBe(await digest(await disk.get(r.key)));
  });

  it('resumes: a second run copies only what is missing', async () => {
    await bucket.delete(rows[3]!.key);
    expect(await migrateStorage(t.database.db, disk, bucket)).toMatchObject({
      copied: 1,
      skipped: rows.length - 1,
      problems: [],
    });
    expect(await migrateStorage(t.database.db, disk, bucket)).toMatchObject({
      copied: 0,
      skipped: rows.length,
      problems: [],
    });
  });

  it('copies back from S3 to an empty disk, byte for byte', async () => {
    const target = localDiskStorage(back);
    expect(await migrateStorage(t.database.db, bucket, target)).toMatchObject({ copied: rows.length, problems: [] });
    for (const r of rows)
      expect(readFileSync(path.join(back, ...r.key.split('/')))).toEqual(
        readFileSync(path.join(t.config.dataDir, 'files', ...r.key.split('/'))),
      );
  });

  it('reports a file whose source differs from its row, and does not copy it', async () => {
    const victim = rows[0]!;
    await bucket.delete(victim.key);
    truncateSync(path.join(t.config.dataDir, 'files', ...victim.key.split('/')), 1);
    const result = await migrateStorage(t.database.db, disk, bucket);
    expect(result).toMatchObject({ copied: 0, skipped: rows.length - 1 });
    expect(result.problems).toEqual([`file ${victim.id}: 1 bytes in the source store, ${victim.size} in its row`]);
    expect(await bucket.size(victim.key)).toBeNull();
  });
});
