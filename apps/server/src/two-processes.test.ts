import { request, Agent } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { openPostgres, type Database } from './db/client.js';
import { makePdf } from './db/seed/demo-pdf.js';
import { makeCategoryTree } from './test/factories/publications.js';
import { makeUser } from './test/factories/users.js';
import { onServer } from './test/global-setup.js';
import { DEMO_PASSWORD } from './test/helpers.js';
import { multipart } from './test/multipart.js';
import { startS3Server, type S3TestServer } from './test/s3-server.js';
import { emptyPostgresDatabase, startPortal, startSmtpSink, type PortalProcess } from './test/processes.js';

/**
 * Two portal processes (the real start path, src/main.ts) on one empty PostgreSQL database, started
 * at the same moment and driven alternately, as behind a load balancer. PostgreSQL only.
 */

const SERVER = process.env.TEST_DATABASE_URL;
const METRICS_TOKEN = 'two-processes-metrics-token';

/**
 * Where the two processes keep files: the one place this test names its storage. A real S3 API
 * server process (s3rver) with a bucket of this run, as an operator sets S3_*; DATA_DIR then holds
 * none of the portal's files.
 */
let s3: S3TestServer | undefined;
let bucket = '';
let dataDir = '';
async function storageEnv(dir: string): Promise<Record<string, string>> {
  s3 = await startS3Server();
  bucket = await s3.createBucket();
  dataDir = dir;
  return { DATA_DIR: dir, ...s3.env(bucket) };
}

describe.skipIf(!SERVER)('two processes on one PostgreSQL database', () => {
  let database: { url: string; name: string; drop(): Promise<void> };
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let db: Database;
  let a: PortalProcess;
  let b: PortalProcess;
  const dirs: string[] = [];
  const mkdir = (prefix: string) => {
    const d = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(d);
    return d;
  };

  beforeAll(async () => {
    database = await emptyPostgresDatabase(SERVER!);
    sink = await startSmtpSink(0, mkdir('two-mail-'));
    const { smtpPort } = sink;
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      APP_SECRET: 'two-processes-secret-of-at-least-32-chars',
      MAIL_URL: `smtp://127.0.0.1:${smtpPort}`,
      CONTACT_EMAIL: 'office@body.test',
      METRICS_TOKEN,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `portal-two-${randomBytes(6).toString('hex')}:`,
      RATE_LIMIT_FACTOR: '100',
      SHUTDOWN_GRACE_S: '30',
      WEB_DIST: '/nonexistent-web-dist',
      ...(await storageEnv(mkdir('two-files-'))),
    };
    // At the same moment, on a database without a single table: one migrates, the other waits.
    [a, b] = await Promise.all([startPortal(env), startPortal(env)]);
    db = await openPostgres(database.url, { migrated: true });
  }, 240_000);

  afterAll(async () => {
    for (const p of [a, b]) if (p && p.child.exitCode === null) p.child.kill('SIGKILL');
    sink?.stop();
    await s3?.close();
    await db?.close();
    await database?.drop();
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  const call = async (
    p: PortalProcess,
    method: string,
    url: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await fetch(p.url + url, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: opts.body ? JSON.stringify(opts.body) : undefined,
    });
    const buffer = Buffer.from(await res.arrayBuffer());
    return { status: res.status, buffer, json: <T = Record<string, unknown>>() => JSON.parse(buffer.toString()) as T };
  };

  const codeFor = async (email: string) => {
    for (let i = 0; i < 100; i++) {
      const m = (await sink.messages()).find((x) => x.to.includes(email) && /verification code/.test(x.subject));
      if (m) return m.text.match(/\b(\d{4})\b/)![1]!;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no code for ${email}`);
  };

  /** Signs in with the password on one process and the code on the other. */
  const signIn = async (email: string, first: PortalProcess, second: PortalProcess) => {
    const login = await call(first, 'POST', '/api/login', { body: { username: email, password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const verify = await call(second, 'POST', '/api/twofactor/verify', {
      token: login.json<{ token: string }>().token,
      body: { code: await codeFor(email) },
    });
    expect(verify.status).toBe(200);
    return verify.json<{ token: string }>().token;
  };

  it('both started on an empty database and serve: ready, the migrations run once', async () => {
    for (const p of [a, b]) {
      expect((await call(p, 'GET', '/api/health/ready')).json()).toEqual({ status: 'ready' });
      expect(p.output()).not.toMatch(/"level":50|Error/);
    }
    // The database records every migration as done (the table the processes check at start).
    const { rows } = (await db.db.execute(sql`select migrated_to from portal_schema where id = 1`)) as unknown as {
      rows: { migrated_to: string }[];
    };
    expect(Number(rows[0]!.migrated_to)).toBeGreaterThan(0);
  });

  it('a token from one works on the other, and signing out on one ends it on both', async () => {
    const user = await makeUser(db.db, { roles: ['AR'] });
    const token = await signIn(user.email, a, b);
    expect((await call(a, 'GET', '/api/activeuser', { token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/activeuser', { token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/logout', { token })).status).toBeLessThan(300);
    expect((await call(a, 'GET', '/api/activeuser', { token })).status).toBe(401);
    expect((await call(b, 'GET', '/api/activeuser', { token })).status).toBe(401);
  });

  it('wrong passwords split across both lock the account', async () => {
    const user = await makeUser(db.db, { roles: ['AR'] });
    for (let i = 0; i < 5; i++) {
      const res = await call(i % 2 ? a : b, 'POST', '/api/login', {
        body: { username: user.email, password: `wrong-${i}` },
      });
      expect(res.status).toBe(401);
    }
    const right = await call(a, 'POST', '/api/login', { body: { username: user.email, password: DEMO_PASSWORD } });
    expect(right.status).toBe(401);
    expect(right.json()).toEqual({ message: MESSAGES.loginFailed });
  });

  it('every contact message is mailed exactly once, whichever process took it', async () => {
    const subjects = Array.from({ length: 6 }, (_, i) => `Question ${i} ${randomBytes(3).toString('hex')}`);
    for (const [i, subject] of subjects.entries()) {
      const res = await call(i % 2 ? a : b, 'POST', '/api/contact', {
        body: { name: 'Vera Visitor', email: `vera${i}@example.org`, subject, message: 'How much?' },
      });
      expect(res.status).toBe(200);
    }
    const toOffice = async () =>
      (await sink.messages()).filter(
        (m) => m.to.includes('office@body.test') && subjects.some((s) => m.subject.includes(s) || m.text.includes(s)),
      );
    for (let i = 0; i < 150 && (await toOffice()).length < subjects.length; i++)
      await new Promise((r) => setTimeout(r, 100));
    // Both workers have had several passes over the outbox meanwhile.
    await new Promise((r) => setTimeout(r, 5_000));
    const mails = await toOffice();
    expect(mails).toHaveLength(subjects.length);
    for (const s of subjects) expect(mails.filter((m) => m.subject.includes(s) || m.text.includes(s))).toHaveLength(1);
  }, 60_000);

  it('the metrics answer on both, with the token only', async () => {
    for (const p of [a, b]) {
      expect((await call(p, 'GET', '/api/metrics')).status).toBe(401);
      const res = await call(p, 'GET', '/api/metrics', { token: METRICS_TOKEN });
      expect(res.status).toBe(200);
      expect(res.buffer.toString()).toMatch(
        /portal_http_request_duration_seconds_count\{method="GET",route="\/api\/health\/ready",status="200"\} \d+/,
      );
      expect(res.buffer.toString()).toMatch(/portal_db_pool_in_use \d+/);
    }
  });

  let admin: string;
  let reader: string;
  let categoryId: number;

  it('an upload through one is read byte for byte through the other', async () => {
    admin = await signIn((await makeUser(db.db, { roles: ['SYSADMIN'] })).email, b, a);
    reader = await signIn((await makeUser(db.db, { roles: ['AR'] })).email, a, b);
    categoryId = (await makeCategoryTree(db.db, 1)).subs[0]!.id;
    const content = await makePdf('Shared between processes');
    const m = multipart([
      { name: 'name', value: 'Shared notice' },
      { name: 'category_id', value: String(categoryId) },
      { name: 'file', filename: 'shared.pdf', type: 'application/pdf', content },
    ]);
    const up = await fetch(`${a.url}/api/admin/publications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, ...m.headers },
      body: m.payload,
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const id = ((await up.json()) as { data: { id: number } }).data.id;
    const read = await call(b, 'GET', `/api/publications/${id}/file`, { token: reader });
    expect(read.status).toBe(200);
    expect(read.buffer.equals(content)).toBe(true);
    // Stored in the bucket, nothing under DATA_DIR/files.
    expect((await s3!.keys(bucket)).length).toBeGreaterThan(0);
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
    // The bytes moved, in the metrics of the process that moved them.
    const figure = async (p: PortalProcess, name: string) =>
      Number(
        new RegExp(`^${name} (\\d+)`, 'm').exec(
          (await call(p, 'GET', '/api/metrics', { token: METRICS_TOKEN })).buffer.toString(),
        )![1],
      );
    expect(await figure(a, 'portal_uploaded_bytes_total')).toBeGreaterThanOrEqual(m.payload.length);
    expect(await figure(b, 'portal_downloaded_bytes_total')).toBeGreaterThanOrEqual(content.length);
  });

  it('cutting the database connections gives 503s, then both serve again without a restart', async () => {
    const statuses = new Map<number, number>();
    let stop = false;
    const client = async (p: PortalProcess) => {
      while (!stop) {
        const res = await call(p, 'GET', '/api/notifications?role=AR', { token: reader });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    const clients = Array.from({ length: 8 }, (_, i) => client(i % 2 ? a : b));
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 200));
      await onServer(
        SERVER!,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database.name}' and pid <> pg_backend_pid()`,
      );
    }
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(clients);
    const seen = JSON.stringify(Object.fromEntries(statuses));
    expect(
      [...statuses.keys()].every((s) => s === 200 || s === 503),
      seen,
    ).toBe(true);
    expect(statuses.get(503) ?? 0, seen).toBeGreaterThan(0);
    for (const p of [a, b]) {
      expect((await call(p, 'GET', '/api/notifications?role=AR', { token: reader })).status).toBe(200);
      expect((await call(p, 'GET', '/api/health/ready')).status).toBe(200);
    }
  }, 60_000);

  it('SIGTERM to one turns it not-ready while an upload in flight still completes; the other serves on', async () => {
    const content = await makePdf('Uploaded while stopping');
    const m = multipart([
      { name: 'name', value: 'Late notice' },
      { name: 'category_id', value: String(categoryId) },
      { name: 'file', filename: 'late.pdf', type: 'application/pdf', content },
    ]);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // The upload's body is sent slowly, in ten parts.
    const upload = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${a.url}/api/admin/publications`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${admin}`, ...m.headers, 'content-length': String(m.payload.length) },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      void (async () => {
        const size = Math.ceil(m.payload.length / 10);
        for (let i = 0; i < 10; i++) {
          req.write(m.payload.subarray(i * size, (i + 1) * size));
          await new Promise((r) => setTimeout(r, 300));
        }
        req.end();
      })();
    });
    await new Promise((r) => setTimeout(r, 500));
    a.child.kill('SIGTERM');
    await a.waitForLine(/SIGTERM: not ready/);
    // Not ready: answered 503 or, once the listener is closed, refused.
    const ready = await new Promise<number | 'refused'>((resolve) => {
      request(`${a.url}/api/health/ready`, { agent }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', () => resolve('refused'))
        .end();
    });
    expect([503, 'refused']).toContain(ready);
    const done = await upload;
    expect(done.status, done.body).toBe(200);
    const id = (JSON.parse(done.body) as { data: { id: number } }).data.id;
    expect(await a.exited).toBe(0);
    agent.destroy();
    const read = await call(b, 'GET', `/api/publications/${id}/file`, { token: reader });
    expect(read.status).toBe(200);
    expect(read.buffer.equals(content)).toBe(true);
    expect((await call(b, 'GET', '/api/health/ready')).status).toBe(200);
  }, 60_000);
});
