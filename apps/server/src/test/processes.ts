import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { onServer } from './global-setup.js';

/**
 * Real processes for the tests: the SMTP sink of the e2e tests, and portal servers: src/main.ts
 * through tsx, or what is shipped (`npm start`'s scripts/start.mjs and the built bundle) when
 * TEST_PORTAL=bundle (the production suite, src/production).
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SINK = path.join(ROOT, 'e2e/smtp-sink.mjs');
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
/** What `npm start` runs: scripts/start.mjs imports apps/server/dist/bundle/main.js in its own process. */
const START = path.join(ROOT, 'scripts/start.mjs');
const BUNDLE = path.join(ROOT, 'apps/server/dist/bundle/main.js');

/** Whether startPortal runs the built bundle (TEST_PORTAL=bundle) rather than the sources. */
export const fromBundle = () => process.env.TEST_PORTAL === 'bundle';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

export interface SinkMessage {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

/**
 * A real SMTP server process on `smtpPort`, its messages read over HTTP. Port 0 (the default) lets
 * the system choose, and the sink says which in its ready line (answered as `smtpPort`); a fixed
 * port is for tests that start the sink after the portal (mail sent while it is down). Its HTTP
 * port is always the system's choice, read from the same line.
 */
export async function startSmtpSink(smtpPort: number, dir: string) {
  const { child, ports } = await new Promise<{ child: ChildProcess; ports: { smtpPort: number; httpPort: number } }>(
    (resolve, reject) => {
      let out = '';
      const c = spawn(process.execPath, [SINK], {
        env: { ...process.env, SMTP_PORT: String(smtpPort), HTTP_PORT: '0', MAIL_DIR: dir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      c.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const ready = /SMTP_SINK_READY (\{.*\})/.exec(out);
        if (ready) resolve({ child: c, ports: JSON.parse(ready[1]!) as { smtpPort: number; httpPort: number } });
      });
      c.on('exit', (code) => reject(new Error(`smtp-sink exited ${code}`)));
    },
  );
  return {
    child,
    smtpPort: ports.smtpPort,
    messages: async () =>
      ((await (await fetch(`http://127.0.0.1:${ports.httpPort}/messages`)).json()) as { messages: SinkMessage[] })
        .messages,
    stop: () => child.kill('SIGTERM'),
  };
}

/** An empty database on the server of TEST_DATABASE_URL (no migration run yet); answers its URL and a drop. */
export async function emptyPostgresDatabase(serverUrl: string) {
  const name = `portal_test_empty_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), name, drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}

export interface PortalProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once a log line matches. */
  waitForLine(pattern: RegExp, ms?: number): Promise<string>;
}

/**
 * A portal server process (src/main.ts, the real start path) with these settings; answers once it
 * listens. By default it asks the system for a port (0) and its address is read from its log: a port
 * found free beforehand could be taken by another test file's connection before the portal bound it.
 */
export async function startPortal(env: Record<string, string>, port = 0): Promise<PortalProcess> {
  // The bundle must be built already: start.mjs would build it, once per process, all at once.
  if (fromBundle() && !existsSync(BUNDLE))
    throw new Error(`TEST_PORTAL=bundle: ${BUNDLE} is missing; run npm run build`);
  const args = fromBundle() ? [START] : ['--import', TSX, '--conditions=source', MAIN];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? ROOT,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const w of [...waiters]) {
      const m = out.match(w.pattern);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m[0]);
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForLine = (pattern: RegExp, ms = 120_000) =>
    new Promise<string>((resolve, reject) => {
      const m = out.match(pattern);
      if (m) return resolve(m[0]);
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}:\n${out.slice(-3000)}`)), ms);
      waiters.push({ pattern, resolve: (line) => (clearTimeout(timer), resolve(line)) });
      void exited.then((code) =>
        reject(new Error(`the portal exited (${code}) before ${pattern}:\n${out.slice(-3000)}`)),
      );
    });
  // A portal that never listens is not left running behind the failed test.
  const listening = await waitForLine(/Server listening at http:\/\/[\d.]+:\d+/).catch((e: unknown) => {
    child.kill('SIGKILL');
    throw e;
  });
  const url = /http:\/\/[\d.]+:\d+/.exec(listening)![0];
  return { child, url, output: () => out, exited, waitForLine };
}
