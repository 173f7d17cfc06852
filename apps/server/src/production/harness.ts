import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgres, type Database } from '../db/client.js';
import { startS3Server, type S3TestServer } from '../test/s3-server.js';
import { emptyPostgresDatabase, startPortal, startSmtpSink, type PortalProcess } from '../test/processes.js';

/**
 * The portal as an operator runs it in production (README, "Running in production"): the built
 * bundle (TEST_PORTAL=bundle, set by `npm run test:production`), NODE_ENV=production, several
 * processes on one PostgreSQL database, files in S3 (an s3rver process), the request limits in
 * Redis, mail over SMTP (the sink process), behind a round-robin proxy so that consecutive requests
 * land on different processes.
 */

export const SERVER = process.env.TEST_DATABASE_URL;
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const METRICS_TOKEN = 'production-suite-metrics-token';

export interface Production {
  /** The proxy's address: each request goes to the next process in turn. */
  url: string;
  portals: PortalProcess[];
  /** The settings every process was started with (to start another one alike). */
  env: Record<string, string>;
  sink: Awaited<ReturnType<typeof startSmtpSink>>;
  s3: S3TestServer;
  bucket: string;
  /** A connection of the test's own to the portal's database. */
  db: Database;
  databaseUrl: string;
  /** Starts one more process alike; it joins the proxy's turn. */
  addPortal(extra?: Record<string, string>): Promise<PortalProcess>;
  stop(): Promise<void>;
}

/** A proxy that hands each request to the next of `targets()` (those whose process still runs). */
export async function roundRobin(targets: () => string[]): Promise<{ url: string; server: Server }> {
  let next = 0;
  const server = createServer((req, res) => {
    const live = targets();
    if (live.length === 0) return void res.writeHead(502).end('no portal process');
    const target = new URL(live[next++ % live.length]!);
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export async function startProduction(opts: { processes?: number; env?: Record<string, string> } = {}) {
  if (!SERVER) throw new Error('the production suite runs on PostgreSQL: set TEST_DATABASE_URL');
  // What is started is undone in reverse, by stop() or at once when the start fails (a bundle that
  // exits at start): a test file whose beforeAll throws never calls stop(), and the sink, s3rver and
  // database it left behind outlived the run.
  const undo: (() => unknown)[] = [];
  const undoAll = async () => {
    for (const step of undo.splice(0).reverse()) await Promise.resolve(step()).catch(() => undefined);
  };
  const mkdir = (prefix: string) => {
    const d = mkdtempSync(path.join(tmpdir(), prefix));
    undo.push(() => rmSync(d, { recursive: true, force: true }));
    return d;
  };
  try {
    const database = await emptyPostgresDatabase(SERVER);
    undo.push(() => database.drop());
    const sink = await startSmtpSink(0, mkdir('prod-mail-'));
    undo.push(() => sink.stop());
    const s3 = await startS3Server();
    undo.push(() => s3.close());
    const bucket = await s3.createBucket();
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      APP_SECRET: 'production-suite-secret-of-at-least-32-chars',
      MAIL_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
      CONTACT_EMAIL: 'office@body.test',
      METRICS_TOKEN,
      REDIS_URL,
      REDIS_PREFIX: `portal-prod-${randomBytes(6).toString('hex')}:`,
      SHUTDOWN_GRACE_S: '30',
      DATA_DIR: mkdir('prod-data-'),
      ...s3.env(bucket),
      ...opts.env,
    };
    const portals: PortalProcess[] = [];
    const proxy = await roundRobin(() =>
      portals.filter((p) => p.child.exitCode === null && !p.child.killed).map((p) => p.url),
    );
    undo.push(() => new Promise((r) => proxy.server.close(r)));
    undo.push(async () => {
      for (const p of portals) if (p.child.exitCode === null) p.child.kill('SIGKILL');
      await Promise.all(portals.map((p) => p.exited));
    });
    // At the same moment, on a database without a single table: one migrates, the others wait.
    const started = await Promise.allSettled(Array.from({ length: opts.processes ?? 2 }, () => startPortal(env)));
    for (const s of started) if (s.status === 'fulfilled') portals.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const db = await openPostgres(database.url, { migrated: true });
    undo.push(() => db.close());
    const production: Production = {
      url: proxy.url,
      portals,
      env,
      sink,
      s3,
      bucket,
      db,
      databaseUrl: database.url,
      async addPortal(extra = {}) {
        const p = await startPortal({ ...env, ...extra });
        portals.push(p);
        return p;
      },
      stop: undoAll,
    };
    return production;
  } catch (e) {
    await undoAll();
    throw e;
  }
}
