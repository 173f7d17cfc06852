import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { mailOutbox, twoFactorCodes } from './db/schema/index.js';
import { sendDue } from './platform/outbox.js';
import { shutDown } from './platform/shutdown.js';
import { makeSignedIn, makeUser } from './test/factories/users.js';
import { auth, buildTestApp, DEMO_PASSWORD, login } from './test/helpers.js';
import { onServer } from './test/global-setup.js';
import { emptyPostgresDatabase, freePort, startSmtpSink } from './test/processes.js';
import { openPostgres } from './db/client.js';

/**
 * Running in production: readiness and draining, the metrics, SMTP down, and (on PostgreSQL) the
 * database connections cut under load. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('readiness', () => {
  it('is 200 while the process serves and 503 from the moment it is told to stop; liveness stays', async () => {
    const t = await buildTestApp({}, { seed: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({ status: 'ready' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const stopping = shutDown(t.app, { close: async () => undefined });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    await stopping;
    await t.database.close();
  });
});

describe('GET /api/metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const t = await buildTestApp({}, { seed: false });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('answers Prometheus text with the bearer token only: requests, sign-ins, pool, queues, mails', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const t = await buildTestApp({ METRICS_TOKEN: token }, { seed: false });
    try {
      const user = await makeUser(t.database.db, { roles: ['AR'] });
      expect((await login(t, user.email)).statusCode).toBe(200);
      expect((await login(t, user.email, 'not-the-password')).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/metrics', headers: auth('wrong-token-0123456789abcdef') }))
          .statusCode,
      ).toBe(401);
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: auth(token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(text).toMatch(
        /portal_http_request_duration_seconds_count\{method="POST",route="\/api\/login",status="200"\} 1/,
      );
      expect(text).toMatch(
        /portal_http_request_duration_seconds_bucket\{le="0.1",method="POST",route="\/api\/login",status="401"\} \d/,
      );
      expect(text).toMatch(/portal_sign_ins_total\{step="password",outcome="accepted"\} 1/);
      expect(text).toMatch(/portal_sign_ins_total\{step="password",outcome="rejected"\} 1/);
      for (const name of [
        'portal_db_pool_in_use',
        'portal_db_pool_waiting',
        'portal_mails_sent_total',
        'portal_mails_failed_total',
        'portal_uploaded_bytes_total',
        'portal_downloaded_bytes_total',
        // The process's own (prom-client's default metrics).
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
      ]) {
        expect(text).toMatch(new RegExp(`^${name} \\d+`, 'm'));
      }
      // The code mail of the sign-in went out at once: nothing is due in the outbox.
      expect(text).toMatch(/portal_queue_depth\{queue="outbox"\} 0/);
      expect(text).toMatch(/portal_queue_depth\{queue="indexer"\} 0/);
      expect(text).toMatch(/portal_queue_oldest_seconds\{queue="outbox"\} 0/);
    } finally {
      await t.close();
    }
  });

  it('counts every answer once, across the batches the timings are handed over in and between scrapes', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const t = await buildTestApp({ METRICS_TOKEN: token }, { seed: false });
    const count = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/api/metrics', headers: auth(token) })).body;
      const m =
        /portal_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} (\d+)/.exec(
          text,
        );
      return Number(m?.[1] ?? 0);
    };
    const health = (n: number) =>
      Promise.all(Array.from({ length: n }, () => t.app.inject({ method: 'GET', url: '/api/health' })));
    try {
      // 600: more than two whole batches and part of a third, which only a scrape hands over.
      await health(600);
      expect(await count()).toBe(600);
      await health(3);
      expect(await count()).toBe(603);
      expect(await count()).toBe(603);
    } finally {
      await t.close();
    }
  });
});

describe('SMTP down', () => {
  it('a code that cannot be delivered says so; other mail waits in the outbox and goes out once SMTP is back, once', async () => {
    const smtpPort = await freePort();
    const mailDir = mkdtempSync(path.join(tmpdir(), 'portal-mail-'));
    dirs.push(mailDir);
    const t = await buildTestApp(
      { MAIL_URL: `smtp://127.0.0.1:${smtpPort}`, CONTACT_EMAIL: 'office@body.test' },
      { seed: false },
    );
    let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
    try {
      const db = t.database.db;
      const user = await makeUser(db, { roles: ['AR'] });
      await makeUser(db, { roles: ['SYSADMIN'] });
      // The sign-in itself goes on to the code screen; its code waits in the outbox.
      const signIn = await login(t, user.email, DEMO_PASSWORD);
      expect(signIn.statusCode).toBe(200);
      const pending = signIn.json<{ token: string }>().token;
      // Asking for a new code (once the resend wait is over) says the code could not be sent.
      await db
        .update(twoFactorCodes)
        .set({ sentAt: sql`now() - interval '1 minute'` })
        .where(eq(twoFactorCodes.userId, user.id));
      const resend = await t.app.inject({
        method: 'GET',
        url: '/api/twofactor/send2faCodeOnEmail',
        headers: auth(pending),
      });
      expect(resend.statusCode).toBe(502);
      expect(resend.json()).toEqual({ message: MESSAGES.twoFactorSendFailed });
      // Other mail does not fail its action: the contact message is taken, its mail waits.
      const contact = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Vera Visitor', email: 'vera@example.org', subject: 'Fees', message: 'How much?' },
      });
      expect(contact.statusCode).toBe(200);
      const waiting = await db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
      expect(waiting.length).toBeGreaterThanOrEqual(3);

      sink = await startSmtpSink(smtpPort, mailDir);
      for (let i = 0; i < 40; i++) {
        // The worker's passes (their backoff moved to now).
        await db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.status, 'pending'));
        await sendDue(t.app.deps);
        if ((await db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'))).length === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const messages = await sink.messages();
      const codes = messages.filter(
        (m) => m.to.includes(user.email.toLowerCase()) && /verification code/.test(m.subject),
      );
      expect(codes).toHaveLength(2);
      expect(messages.filter((m) => m.to.includes('office@body.test'))).toHaveLength(1);
      // Every row went out once; the codes' text is not kept once sent.
      const rows = await db.select().from(mailOutbox);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      expect(rows.filter((r) => r.kind === 'account').every((r) => r.text === '')).toBe(true);
      expect(new Set(messages.map((m) => `${m.to.join()}|${m.subject}|${m.text}`)).size).toBe(messages.length);
      // The newest delivered code signs in.
      const code = codes.map((m) => m.text.match(/\b(\d{4})\b/)![1]!);
      const verified = await Promise.all(
        code.map((c) =>
          t.app.inject({ method: 'POST', url: '/api/twofactor/verify', headers: auth(pending), payload: { code: c } }),
        ),
      );
      expect(verified.some((r) => r.statusCode === 200)).toBe(true);
    } finally {
      sink?.stop();
      await t.close();
    }
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrating with several processes (PostgreSQL)', () => {
  it('four opening an empty database at once: one migrates under the lock, all open; an older one is brought up to date', async () => {
    const empty = await emptyPostgresDatabase(process.env.TEST_DATABASE_URL!);
    try {
      const opened = await Promise.all(Array.from({ length: 4 }, () => openPostgres(empty.url)));
      await Promise.all(opened.map((d) => d.db.execute(sql`select count(*) from users`)));
      // An older database (migrated by a portal before the last migrations): the record goes back.
      await opened[0]!.db.execute(sql`update portal_schema set migrated_to = 0`);
      await Promise.all(opened.map((d) => d.close()));
      const again = await Promise.all(Array.from({ length: 3 }, () => openPostgres(empty.url)));
      const { rows } = (await again[0]!.db.execute(sql`select migrated_to from portal_schema`)) as unknown as {
        rows: { migrated_to: string }[];
      };
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.migrated_to)).toBeGreaterThan(0);
      await Promise.all(again.map((d) => d.close()));
    } finally {
      await empty.drop();
    }
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('database connections cut (PostgreSQL)', () => {
  it('answers 503, never 500, while the connections are cut, and serves again without a restart', async () => {
    const t = await buildTestApp({}, { seed: false });
    try {
      const { token } = await makeSignedIn(t.database.db, { roles: ['AR'] });
      const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const dbName = rows[0]!.name;
      const statuses = new Map<number, number>();
      const bodies = new Set<string>();
      let stop = false;
      const client = async () => {
        while (!stop) {
          const res = await t.app.inject({ method: 'GET', url: '/api/notifications?role=AR', headers: auth(token) });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode !== 200) bodies.add(res.body);
        }
      };
      const clients = Array.from({ length: 12 }, client);
      // Cut every connection of the database a few times while the requests run.
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 150));
        await onServer(
          process.env.TEST_DATABASE_URL!,
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid()`,
        );
      }
      await new Promise((r) => setTimeout(r, 300));
      stop = true;
      await Promise.all(clients);
      const seen = Object.fromEntries(statuses);
      expect(
        [...statuses.keys()].every((s) => s === 200 || s === 503),
        JSON.stringify(seen),
      ).toBe(true);
      expect(statuses.get(503) ?? 0, JSON.stringify(seen)).toBeGreaterThan(0);
      expect([...bodies]).toEqual([...bodies].length ? [JSON.stringify({ message: MESSAGES.serviceUnavailable })] : []);
      // Served again by the same process, the pool having opened new connections.
      for (let i = 0; i < 5; i++)
        expect(
          (await t.app.inject({ method: 'GET', url: '/api/notifications?role=AR', headers: auth(token) })).statusCode,
        ).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);
});
