import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';

/**
 * For each Playwright worker, starts a real SMTP server process (smtp-sink.mjs) and the built portal
 * on a copy of one freshly seeded data directory, waits until both answer, hands their addresses to
 * the tests through the environment (E2E_STACKS), and returns the teardown that stops them all.
 */
const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(E2E_DIR, '..');
const ARTIFACTS = path.join(E2E_DIR, 'artifacts');
// The server's bundle, as `npm start` serves it (apps/server/scripts/bundle.mjs).
const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/bundle/main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function stop(child: ChildProcess | undefined, name: string): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.warn(`[e2e] ${name} did not stop after SIGTERM; killing it`);
    child.kill('SIGKILL');
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

function startSmtpSink(
  mailDir: string,
  log: NodeJS.WritableStream,
): Promise<{ child: ChildProcess; smtpPort: number; httpPort: number }> {
  const child = spawn(process.execPath, [path.join(E2E_DIR, 'smtp-sink.mjs')], {
    cwd: E2E_DIR,
    env: { ...process.env, MAIL_DIR: mailDir, SMTP_PORT: '0', HTTP_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.pipe(log, { end: false });
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`smtp-sink did not start within 15 s:\n${buffered}`));
    }, 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      log.write(chunk);
      buffered += chunk.toString();
      const ready = /SMTP_SINK_READY (\{.*\})/.exec(buffered);
      if (ready) {
        clearTimeout(timer);
        const { smtpPort, httpPort } = JSON.parse(ready[1]!) as { smtpPort: number; httpPort: number };
        resolve({ child, smtpPort, httpPort });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`smtp-sink exited with ${code} before it was ready:\n${buffered}`));
    });
  });
}

async function waitForHealth(
  baseUrl: string,
  server: ChildProcess,
  logFile: string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `the portal exited (${server.exitCode ?? server.signalCode}) before answering /api/health; see ${logFile}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `HTTP ${res.status}: ${await res.text()}`;
    } catch (e) {
      last = String(e);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `the portal did not answer GET /api/health within ${timeoutMs / 1000} s (last: ${last}); see ${logFile}`,
  );
}

/** One worker's portal and SMTP sink; helpers.ts picks a worker's by its parallel index. */
export interface E2eStack {
  baseUrl: string;
  mailUrl: string;
}

/**
 * How many portals to start: one per Playwright worker, so that two workers never share a sign-in
 * code's mailbox, a rate limit or the rows a test counts. E2E_WORKERS sets it (playwright.config.ts).
 */
const stackCount = (config: FullConfig): number => Math.max(1, config.workers);

async function startStack(
  index: number,
  workDir: string,
  seededDir: string,
): Promise<{ stack: E2eStack; stop: () => Promise<void> }> {
  const dataDir = path.join(workDir, `data-${index}`);
  const mailDir = path.join(workDir, `mail-${index}`);
  mkdirSync(mailDir, { recursive: true });
  // The seeded directory is copied while no process has it open, so each portal starts from the same rows.
  cpSync(seededDir, dataDir, { recursive: true });

  // The first stack's logs keep the names they always had; the others are numbered.
  const suffix = index === 0 ? '' : `-${index + 1}`;
  const sinkLog = createWriteStream(path.join(ARTIFACTS, `smtp-sink${suffix}.log`));
  const serverLogFile = path.join(ARTIFACTS, `server${suffix}.log`);
  const serverLog = createWriteStream(serverLogFile);

  let sink: ChildProcess | undefined;
  let server: ChildProcess | undefined;
  const stopStack = async () => {
    await stop(server, `portal ${index + 1}`);
    await stop(sink, `smtp-sink ${index + 1}`);
    sinkLog.end();
    serverLog.end();
  };

  try {
    const started = await startSmtpSink(mailDir, sinkLog);
    sink = started.child;
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [SERVER_MAIN], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? workDir,
        TZ: process.env.TZ ?? 'UTC',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        // localhost, not the address: a passkey's relying party must be a domain (tests/second-factors.spec.ts).
        APP_URL: baseUrl.replace('127.0.0.1', 'localhost'),
        DATA_DIR: dataDir,
        MAIL_URL: `smtp://127.0.0.1:${started.smtpPort}`,
        // The body's mailbox: contact messages are mailed here too (the sink catches it).
        CONTACT_EMAIL: 'enquiries@portal.test',
        // Production sends no SMS without a gateway; the sink stands in for one.
        SMS_URL: `http://127.0.0.1:${started.httpPort}/sms`,
        COOKIE_SECRET: randomBytes(32).toString('hex'),
        APP_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'info',
        // Every test signs in from 127.0.0.1; keep the per-minute limits out of the way.
        RATE_LIMIT_FACTOR: '20',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.pipe(serverLog, { end: false });
    server.stderr!.pipe(serverLog, { end: false });
    await waitForHealth(baseUrl, server, serverLogFile);
    const mailUrl = `http://127.0.0.1:${started.httpPort}`;
    console.log(
      `[e2e] portal ${index + 1} at ${baseUrl}, SMTP sink at 127.0.0.1:${started.smtpPort} (mail API ${mailUrl}), data in ${dataDir}`,
    );
    return { stack: { baseUrl, mailUrl }, stop: stopStack };
  } catch (e) {
    await stopStack();
    throw e;
  }
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const webIndex = path.join(ROOT, 'apps/web/dist/index.html');
  if (!existsSync(SERVER_MAIN))
    throw new Error('apps/server/dist/bundle/main.js is missing: run `npm run build` before the end-to-end tests.');
  // Without the web app the API journeys still run; every browser test then fails at once with this reason.
  process.env.E2E_WEB_MISSING = existsSync(webIndex)
    ? ''
    : 'apps/web/dist/index.html is missing: run `npm run build` before the end-to-end tests.';
  if (process.env.E2E_WEB_MISSING) console.warn(`[e2e] ${process.env.E2E_WEB_MISSING}`);

  // Screenshots of this run only.
  rmSync(path.join(ARTIFACTS, 'screenshots'), { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  const workDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const seededDir = path.join(workDir, 'seeded');

  const stops: (() => Promise<void>)[] = [];
  const teardown = async () => {
    await Promise.all(stops.map((s) => s()));
    if (!process.env.E2E_KEEP_DATA) rmSync(workDir, { recursive: true, force: true });
  };

  try {
    // Production never adds demo data by itself: the journeys' data is seeded first, as a developer would.
    const seeded = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/db/seed/run.js')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? workDir,
        NODE_ENV: 'development',
        DATA_DIR: seededDir,
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seeding the demo data failed:\n${seeded.stdout}${seeded.stderr}`);

    const started = await Promise.all(
      Array.from({ length: stackCount(config) }, async (_, i) => {
        const one = await startStack(i, workDir, seededDir);
        stops.push(one.stop);
        return one.stack;
      }),
    );
    process.env.E2E_STACKS = JSON.stringify(started);
  } catch (e) {
    await teardown();
    throw e;
  }
  return teardown;
}
