import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onServer } from '../../test/global-setup.js';
import { signIn, startServer as startProcess, until } from '../../test/server-process.js';

/**
 * Crashes, for real: the server runs as its own process (src/main.ts, as `npm start`
 * does), an upload is under way, and the process is killed with SIGKILL mid-body. The `.part` it
 * leaves must not become a document, the data directory must open again (the lock of a dead
 * process is taken over), and the housekeeping of the next start must remove the part once it is
 * older than an hour (its time is set back, as an hour passing would).
 * PGlite in a data directory, or a fresh database on TEST_DATABASE_URL's server.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
const tmpParts = path.join(dataDir, 'files', '.tmp');
const pgUrl = process.env.TEST_DATABASE_URL;
const pgName = `portal_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
let databaseUrl = '';
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (pgUrl) await onServer(pgUrl, `drop database if exists ${pgName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer() {
  return startProcess(children, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: 'crash-test-secret-crash-test-secret-0123',
  });
}

async function documentNames(base: string, token: string, jobId: number): Promise<string[]> {
  const res = await fetch(`${base}/api/jobdocuments?jobid=${jobId}&role=AR`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return JSON.stringify(await res.json()).match(/crash-upload\.pdf/g) ?? [];
}

const parts = () => (existsSync(tmpParts) ? readdirSync(tmpParts).filter((f) => f.endsWith('.part')) : []);

describe('a kill -9 during an upload', () => {
  it(
    'leaves no document, the next start opens the data again, and housekeeping removes the part',
    { timeout: 240_000 },
    async () => {
      if (pgUrl) {
        await onServer(pgUrl, `create database ${pgName}`);
        const u = new URL(pgUrl);
        u.pathname = `/${pgName}`;
        databaseUrl = u.toString();
      }
      const first = await startServer();
      const token = await signIn(first.base, 'ar@portal.test');
      const jobs = (await (
        await fetch(`${first.base}/api/jobs?role=AR`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        data: { id: number }[];
      };
      const jobId = jobs.data[0]!.id;
      expect(parts()).toEqual([]);

      // A multipart body that is never finished: fields, then the file's first megabytes.
      const boundary = `----crash${randomBytes(8).toString('hex')}`;
      const head = [
        ...[
          ['jobId', String(jobId)],
          ['role', 'AR'],
          ['description', 'crash'],
        ].map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="crash-upload.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
      ].join('');
      const upload = request(`${first.base}/api/jobdocuments`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(200 * 1024 * 1024),
        },
      });
      upload.on('error', () => {}); // the server dies under it
      upload.write(head);
      const chunk = Buffer.alloc(1024 * 1024, 7);
      for (let i = 0; i < 8; i++) upload.write(chunk);
      await until('the upload to reach storage as a .part', () => (parts().length > 0 ? true : undefined));

      first.child.kill('SIGKILL');
      await until('the server to die', () => (first.child.signalCode === 'SIGKILL' ? true : undefined));
      upload.destroy();
      const left = parts();
      expect(left).toHaveLength(1);

      // An hour later (the part's time set back), the server starts on the same data.
      const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
      utimesSync(path.join(tmpParts, left[0]!), hoursAgo, hoursAgo);
      const second = await startServer();
      try {
        await until('housekeeping to remove the part', () => (parts().length === 0 ? true : undefined), 30_000);
        // The log line comes once the whole sweep is done, after the part is gone.
        await until(
          'the housekeeping line',
          () => (second.log().includes('storage housekeeping: removed 1 temporary parts') ? true : undefined),
          30_000,
        );
        const again = await signIn(second.base, 'ar@portal.test');
        expect(await documentNames(second.base, again, jobId)).toEqual([]);
      } finally {
        second.child.kill('SIGTERM');
        await until(
          'the server to stop',
          () => (second.child.exitCode !== null || second.child.signalCode !== null ? true : undefined),
          30_000,
        );
      }
    },
  );
});
