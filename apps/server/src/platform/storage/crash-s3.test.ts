import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onServer } from '../../test/global-setup.js';
import { filesUnder } from '../../test/multipart.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { signIn, startServer, stopServer, unfinishedUpload, until } from '../../test/server-process.js';

/**
 * A kill -9 during an upload to S3, for real: the portal runs as its own process with its files
 * in an S3 server of its own process (s3rver), a multipart upload is under way (parts already sent),
 * and the portal is killed with SIGKILL. No object and no row of the cut upload may stay, nothing
 * may be written to DATA_DIR, and the next start serves and runs its housekeeping without failing
 * (s3rver has no listing of open multipart uploads: its sweep skips that part, s3.ts).
 * PGlite in a data directory, or a fresh database on TEST_DATABASE_URL's server.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-s3-'));
const pgUrl = process.env.TEST_DATABASE_URL;
const pgName = `portal_crash_s3_${process.pid}_${randomBytes(4).toString('hex')}`;
let databaseUrl = '';
const children: ChildProcess[] = [];
let s3: S3TestServer;
let bucket: string;

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = await s3.createBucket();
  if (pgUrl) {
    await onServer(pgUrl, `create database ${pgName}`);
    const u = new URL(pgUrl);
    u.pathname = `/${pgName}`;
    databaseUrl = u.toString();
  }
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (pgUrl) await onServer(pgUrl, `drop database if exists ${pgName} with (force)`);
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () =>
  startServer(children, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: 'crash-test-secret-crash-test-secret-0123',
    ...s3.env(bucket),
  });

/** The parts s3rver holds of multipart uploads not yet complete (its folder layout: `<part number>` files). */
const openParts = () => filesUnder(s3.directory).filter((f) => f.includes('_S3rver_uploads') && /[\\/]\d+$/.test(f));

describe('a kill -9 during an upload to S3', () => {
  it(
    'leaves no row and no object of the cut upload, nothing in DATA_DIR, and the next start serves',
    { timeout: 240_000 },
    async () => {
      const first = await start();
      const token = await signIn(first.base, 'ar@portal.test');
      const jobs = (await (
        await fetch(`${first.base}/api/jobs?role=AR`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { data: { id: number }[] };
      const jobId = jobs.data[0]!.id;
      const seeded = await s3.keys(bucket);
      expect(seeded.length).toBeGreaterThan(0);

      // 12 MB: two parts of the multipart upload go out before the kill.
      const upload = unfinishedUpload(first.base, token, jobId, 12);
      await until('a part of the upload to reach S3', () => (openParts().length >= 1 ? true : undefined));
      first.child.kill('SIGKILL');
      await until('the server to die', () => (first.child.signalCode === 'SIGKILL' ? true : undefined));
      upload.destroy();
      expect(await s3.keys(bucket)).toEqual(seeded);

      const second = await start();
      try {
        const again = await signIn(second.base, 'ar@portal.test');
        const res = await fetch(`${second.base}/api/jobdocuments?jobid=${jobId}&role=AR`, {
          headers: { authorization: `Bearer ${again}` },
        });
        expect(res.status).toBe(200);
        expect(JSON.stringify(await res.json())).not.toContain('crash-upload.pdf');
        // The start's housekeeping (a second after it answers) ran through the bucket without failing.
        await new Promise((r) => setTimeout(r, 3_000));
        expect(second.log()).not.toContain('housekeeping failed');
        expect(await s3.keys(bucket)).toEqual(seeded);
        expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
      } finally {
        await stopServer(second);
      }
    },
  );
});
