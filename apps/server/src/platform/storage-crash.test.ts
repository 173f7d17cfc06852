import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { onServer } from '../test/global-setup.js';

/**
 * Issue 7 "Crashes", for real: the server runs as its own process (src/main.ts, as `npm start`
 * does), an upload is under way, and the process is killed with SIGKILL mid-body. The `.part` it
 * leaves must not become a document, the data directory must open again (the lock of a dead
 * process is taken over), and the housekeeping of the next start must remove the part once it is
 * older than an hour (its time is set back, as an hour passing would).
 * PGlite in a data directory, or a fresh database on TEST_DATABASE_URL's server.
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts the server as `npm start` would (from the sources), and waits for /api/health. */
async function startServer(): Promise<{ child: ChildProcess; base: string; log: () => string }> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      RATE_LIMIT_FACTOR: '100',
      APP_SECRET: 'crash-test-secret-crash-test-secret-0123',
      MAIL_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  await until('the server to answer', async () => {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${out}`);
    return (await fetch(`${base}/api/health`)).ok ? true : undefined;
  }, 90_000).catch((e: unknown) => {
    throw new Error(`${String(e)}\n${out}`);
  });
  return { child, base, log: () => out };
}

/** Signs in through the development mailbox (loopback only) and answers the bearer token. */
async function signIn(base: string, email: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'portal-demo' }),
  });
  expect(login.status).toBe(200);
  const { token: pending } = (await login.json()) as { token: string };
  const code = await until('the code', async () => {
    const mail = (await (await fetch(`${base}/api/dev/mail`)).json()) as { messages: { to: string; text: string }[] };
    return mail.messages.find((m) => m.to === email)?.text.match(/\b(\d{4})\b/)?.[1];
  });
  const verify = await fetch(`${base}/api/twofactor/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${pending}` },
    body: JSON.stringify({ code }),
  });
  expect(verify.status).toBe(200);
  return ((await verify.json()) as { token: string }).token;
}

async function documentNames(base: string, token: string, jobId: number): Promise<string[]> {
  const res = await fetch(`${base}/api/jobdocuments?jobid=${jobId}&role=AR`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return JSON.stringify(await res.json()).match(/crash-upload\.pdf/g) ?? [];
}

const parts = () => (existsSync(tmpParts) ? readdirSync(tmpParts).filter((f) => f.endsWith('.part')) : []);

describe('a kill -9 during an upload', () => {
  it('leaves no document, the next start opens the data again, and housekeeping removes the part', { timeout: 240_000 }, async () => {
    if (pgUrl) {
      await onServer(pgUrl, `create database ${pgName}`);
      const u = new URL(pgUrl);
      u.pathname = `/${pgName}`;
      databaseUrl = u.toString();
    }
    const first = await startServer();
    const token = await signIn(first.base, 'ar@portal.test');
    const jobs = (await (await fetch(`${first.base}/api/jobs?role=AR`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { id: number }[];
    };
    const jobId = jobs.data[0]!.id;
    expect(parts()).toEqual([]);

    // A multipart body that is never finished: fields, then the file's first megabytes.
    const boundary = `----crash${randomBytes(8).toString('hex')}`;
    const head = [
      ...[['jobId', String(jobId)], ['role', 'AR'], ['description', 'crash']].map(
        ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="crash-upload.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
    ].join('');
    const upload = request(`${first.base}/api/jobdocuments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(200 * 1024 * 1024) },
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
      await until('the housekeeping line', () => (second.log().includes('storage housekeeping: removed 1 temporary parts') ? true : undefined), 30_000);
      const again = await signIn(second.base, 'ar@portal.test');
      expect(await documentNames(second.base, again, jobId)).toEqual([]);
    } finally {
      second.child.kill('SIGTERM');
      await until('the server to stop', () => (second.child.exitCode !== null || second.child.signalCode !== null ? true : undefined), 30_000);
    }
  });
});
