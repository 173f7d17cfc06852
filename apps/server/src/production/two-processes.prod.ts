import { request, Agent } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { makePdf } from '../db/seed/demo-pdf.js';
import { DEMO_PASSWORD } from '../db/seed/demo-data.js';
import { makeCategoryTree } from '../test/factories/publications.js';
import { makeUser } from '../test/factories/users.js';
import { onServer } from '../test/global-setup.js';
import { multipart } from '../test/multipart.js';
import type { PortalProcess } from '../test/processes.js';
import { call as callAt, signIn as signInAt } from './client.js';
import { METRICS_TOKEN, SERVER, startProduction, type Production } from './harness.js';

/**
 * Two portal processes (what is shipped: npm start's bundle) on one empty PostgreSQL database,
 * started at the same moment, files in S3, limits in Redis, mail over SMTP. A test that is about one
 * process in particular calls it by its own address; the others go through the round-robin proxy,
 * so consecutive requests land on alternate processes.
 */
describe('two processes on one PostgreSQL database', () => {
  let prod: Production;
  let a: PortalProcess;
  let b: PortalProcess;

  beforeAll(async () => {
    // The connections-cut test sends hundreds of requests a second from one address.
    prod = await startProduction({ processes: 2, env: { RATE_LIMIT_FACTOR: '100' } });
    [a, b] = prod.portals as [PortalProcess, PortalProcess];
  });
  afterAll(() => prod?.stop());

  const call = (p: PortalProcess | string, method: string, url: string, opts?: Parameters<typeof callAt>[3]) =>
    callAt(typeof p === 'string' ? p : p.url, method, url, opts);

  /** Signs in with the password on one process and the code on the other. */
  const signIn = async (email: string, first: PortalProcess, second: PortalProcess) =>
    (await signInAt(prod.sink, email, first.url, second.url)).token;

  it('both started on an empty database and serve: ready, the migrations run once', async () => {
    for (const p of [a, b]) {
      expect((await call(p, 'GET', '/api/health/ready')).json()).toEqual({ status: 'ready' });
      expect(p.output()).not.toMatch(/"level":50|Error/);
    }
    // The database records every migration as done (the table the processes check at start).
    const { rows } = (await prod.db.db.execute(sql`select migrated_to from portal_schema where id = 1`)) as unknown as {
      rows: { migrated_to: string }[];
    };
    expect(Number(rows[0]!.migrated_to)).toBeGreaterThan(0);
  });

  it('a token from one works on the other, and signing out on one ends it on both', async () => {
    const user = await makeUser(prod.db.db, { roles: ['AR'] });
    const token = await signIn(user.email, a, b);
    expect((await call(a, 'GET', '/api/activeuser', { token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/activeuser', { token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/logout', { token })).status).toBeLessThan(300);
    expect((await call(a, 'GET', '/api/activeuser', { token })).status).toBe(401);
    expect((await call(b, 'GET', '/api/activeuser', { token })).status).toBe(401);
  });

  it('wrong passwords split across both lock the account', async () => {
    const user = await makeUser(prod.db.db, { roles: ['AR'] });
    // Through the proxy: the tries alternate between the processes.
    for (let i = 0; i < 5; i++) {
      const res = await call(prod.url, 'POST', '/api/login', {
        body: { username: user.email, password: `wrong-${i}` },
      });
      expect(res.status).toBe(401);
    }
    const right = await call(prod.url, 'POST', '/api/login', {
      body: { username: user.email, password: DEMO_PASSWORD },
    });
    expect(right.status).toBe(401);
    expect(right.json()).toEqual({ message: MESSAGES.loginFailed });
  });

  it('every contact message is mailed exactly once, whichever process took it', async () => {
    const subjects = Array.from({ length: 6 }, (_, i) => `Question ${i} ${randomBytes(3).toString('hex')}`);
    // Through the proxy: taken alternately by each process, while both workers read the outbox.
    for (const [i, subject] of subjects.entries()) {
      const res = await call(prod.url, 'POST', '/api/contact', {
        body: { name: 'Vera Visitor', email: `vera${i}@example.org`, subject, message: 'How much?' },
      });
      expect(res.status).toBe(200);
    }
    const toOffice = async () =>
      (await prod.sink.messages()).filter(
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
    admin = await signIn((await makeUser(prod.db.db, { roles: ['SYSADMIN'] })).email, b, a);
    reader = await signIn((await makeUser(prod.db.db, { roles: ['AR'] })).email, a, b);
    categoryId = (await makeCategoryTree(prod.db.db, 1)).subs[0]!.id;
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
    expect((await prod.s3.keys(prod.bucket)).length).toBeGreaterThan(0);
    expect(existsSync(path.join(prod.env.DATA_DIR!, 'files'))).toBe(false);
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
    const client = async () => {
      while (!stop) {
        const res = await call(prod.url, 'GET', '/api/notifications?role=AR', { token: reader });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    // Eight clients through the proxy, so both processes lose their connections under load.
    const clients = Array.from({ length: 8 }, () => client());
    const database = new URL(prod.databaseUrl).pathname.slice(1);
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 200));
      await onServer(
        SERVER!,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`,
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
