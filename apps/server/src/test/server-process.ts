import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/**
 * The server as its own process (src/main.ts, as `npm start` runs it), for tests that kill it,
 * restart it, or run two: a port the system gives it, a wait for /api/health, and a sign-in through
 * the development mailbox.
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 60_000,
): Promise<T> {
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

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  log: () => string;
}

/**
 * Starts the server from the sources with these settings (and demo data), and waits for /api/health.
 * It listens on port 0 and its address is read from its log ("Server listening at"), as
 * `startPortal` (processes.ts) does: a port found free beforehand can be taken by another test
 * file's connection before the server binds it (EADDRINUSE seen in CI).
 */
export async function startServer(children: ChildProcess[], env: Record<string, string>): Promise<ServerProcess> {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      RATE_LIMIT_FACTOR: '100',
      MAIL_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const base = await until(
    'the server to listen',
    () => {
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${out}`);
      return /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    },
    90_000,
  ).catch((e: unknown) => {
    throw new Error(`${String(e)}\n${out}`);
  });
  await until(
    'the server to answer',
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${out}`);
      return (await fetch(`${base}/api/health`)).ok ? true : undefined;
    },
    90_000,
  ).catch((e: unknown) => {
    throw new Error(`${String(e)}\n${out}`);
  });
  return { child, base, log: () => out };
}

/** Signs in through the development mailbox (loopback only) and answers the bearer token. */
export async function signIn(base: string, email: string): Promise<string> {
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

/** Stops a server with SIGTERM and waits for it to end. */
export async function stopServer(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await until(
    'the server to stop',
    () => (server.child.exitCode !== null || server.child.signalCode !== null ? true : undefined),
    30_000,
  );
}

/**
 * A job document upload that is never finished: the fields, then `mb` megabytes of the file of a
 * body announced as 200 MB. Answers the request, to destroy once the server is gone.
 */
export function unfinishedUpload(
  base: string,
  token: string,
  jobId: number,
  mb: number,
  filename = 'crash-upload.pdf',
) {
  const boundary = `----crash${randomBytes(8).toString('hex')}`;
  const head = [
    ...[
      ['jobId', String(jobId)],
      ['role', 'AR'],
      ['description', 'crash'],
    ].map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: application/pdf\r\n\r\n`,
  ].join('');
  const upload = request(`${base}/api/jobdocuments`, {
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
  for (let i = 0; i < mb; i++) upload.write(chunk);
  return upload;
}
