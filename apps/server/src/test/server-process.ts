import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { expect } from 'vitest';
import { startPortal } from './processes.js';

/**
 * The server as its own process (src/main.ts, as `npm start` runs it), for tests that kill it,
 * restart it, or run two: a port the system gives it, a wait for /api/health, and a sign-in through
 * the development mailbox.
 */

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
 * It is `startPortal` (processes.ts: port 0, its address read from its log) with a development
 * server's settings; the child is added to `children` for the file's afterAll to kill.
 */
export async function startServer(children: ChildProcess[], env: Record<string, string>): Promise<ServerProcess> {
  const portal = await startPortal({
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    RATE_LIMIT_FACTOR: '100',
    MAIL_URL: '',
    ...env,
  });
  children.push(portal.child);
  await until(
    'the server to answer',
    async () => ((await fetch(`${portal.url}/api/health`)).ok ? true : undefined),
    90_000,
  ).catch((e: unknown) => {
    throw new Error(`${String(e)}\n${portal.output()}`);
  });
  return { child: portal.child, base: portal.url, log: portal.output };
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
