import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME, PUBLICATION_MESSAGES } from '@portal/shared';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { makePdf } from '../db/seed/demo-pdf.js';
import { makeCategoryTree, makeSubscription } from '../test/factories/publications.js';
import { makeSignedIn } from '../test/factories/users.js';
import { auth, freshDatabase } from '../test/helpers.js';
import { multipart } from '../test/multipart.js';
import { freePort, startSmtpSink } from '../test/processes.js';
import { composeDigests, OUTBOX, sendDue } from './outbox.js';

/**
 * The outbox against a real SMTP server process (e2e/smtp-sink.mjs): with SMTP down, notifications
 * are made and the server restarted; once SMTP is back every mail arrives exactly once.
 */

let database: Database;
let config: Config;
let dataDir: string;
let mailDir: string;
let smtpPort: number;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
const apps: FastifyInstance[] = [];

const startApp = async () => {
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  apps.push(app);
  return app;
};
const messages = () => sink!.messages();

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'outbox-test-'));
  mailDir = mkdtempSync(path.join(tmpdir(), 'outbox-mail-'));
  // Fixed ahead: the portal knows where to send before the sink is started.
  smtpPort = await freePort();
  config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: dataDir,
    APP_URL: 'http://portal.test',
    RATE_LIMIT_FACTOR: '100',
    MAIL_URL: `smtp://127.0.0.1:${smtpPort}`,
  });
  OUTBOX.backoffBaseMs = 50;
});
afterAll(async () => {
  for (const app of apps) await app.close();
  sink?.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
});

async function addPublication(app: FastifyInstance, admin: string, name: string, categoryId: number) {
  const m = multipart([
    { name: 'name', value: name },
    { name: 'category_id', value: String(categoryId) },
    { name: 'file', filename: `${name}.pdf`, type: 'application/pdf', content: await makePdf(name) },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/publications',
    headers: { ...auth(admin), ...m.headers },
    payload: m.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: number } }>().data.id;
}

/** Runs passes (as the worker does) until nothing is pending. */
async function drain(app: FastifyInstance) {
  for (let i = 0; i < 50; i++) {
    await sendDue(app.deps);
    const pending = await database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    if (pending.length === 0) return;
    await new Promise((r) => setTimeout(r, 120));
  }
  throw new Error('the outbox did not drain');
}

describe('the outbox', () => {
  it('loses nothing while SMTP is down, across a restart, and sends each mail exactly once', async () => {
    const db = database.db;
    const admin = (await makeSignedIn(db, { roles: ['SYSADMIN'] })).token;
    const { subs } = await makeCategoryTree(db, 1);
    const readers = await Promise.all([1, 2, 3].map(() => makeSignedIn(db, { roles: ['AR'] })));
    for (const r of readers) await makeSubscription(db, r.user.id, subs[0]!.id, true);
    const quiet = await makeSignedIn(db, { roles: ['TA'] });
    await makeSubscription(db, quiet.user.id, subs[0]!.id, false);

    // SMTP is down: the notifications are made, their mail is queued, sending fails and waits.
    const first = await startApp();
    const ids = [
      await addPublication(first, admin, 'Outage Notice', subs[0]!.id),
      await addPublication(first, admin, 'Second Notice', subs[0]!.id),
    ];
    const result = await sendDue(first.deps);
    expect(result.sent).toBe(0);
    expect(result.failed).toBeGreaterThan(0);
    const queued = await db.select().from(mailOutbox);
    expect(queued).toHaveLength(6);
    expect(queued.every((r) => r.status === 'pending')).toBe(true);
    expect(queued.some((r) => r.lastError)).toBe(true);

    // The server restarts; SMTP comes back.
    await first.close();
    sink = await startSmtpSink(smtpPort, mailDir);
    const second = await startApp();
    await drain(second);
    await sendDue(second.deps);

    const got = await messages();
    expect(got).toHaveLength(6);
    for (const r of readers) {
      const mine = got.filter((m) => m.to.includes(r.user.email.toLowerCase()));
      expect(mine.map((m) => m.subject).sort()).toEqual([
        'New publication: Outage Notice',
        'New publication: Second Notice',
      ]);
    }
    expect(got.some((m) => m.to.includes(quiet.user.email.toLowerCase()))).toBe(false);
    const mail = got[0]!;
    expect(mail.text).toContain(PRODUCT_NAME);
    expect(mail.text).toMatch(new RegExp(`http://portal\\.test/publications/(${ids.join('|')})`));
    expect(mail.text).toMatch(/http:\/\/portal\.test\/api\/unsubscribe\?u=\d+&k=publication&s=/);
    expect(mail.html).toContain('Open it in the portal');
    expect((await db.select().from(mailOutbox)).every((r) => r.status === 'sent' && r.sentAt)).toBe(true);
  }, 60_000);

  it('never sends a row twice when two servers drain at once', async () => {
    const db = database.db;
    const before = (await messages()).length;
    const admin = (await makeSignedIn(db, { roles: ['SYSADMIN'] })).token;
    const { subs } = await makeCategoryTree(db, 1);
    const readers = await Promise.all(Array.from({ length: 12 }, () => makeSignedIn(db, { roles: ['CM'] })));
    for (const r of readers) await makeSubscription(db, r.user.id, subs[0]!.id, true);
    const [a, b] = [await startApp(), await startApp()];
    await addPublication(a, admin, 'Parallel Notice', subs[0]!.id);
    await Promise.all([sendDue(a.deps), sendDue(b.deps), sendDue(a.deps)]);
    const got = (await messages()).slice(0, (await messages()).length - before);
    expect(got).toHaveLength(12);
    expect(new Set(got.map((m) => m.to[0])).size).toBe(12);
  }, 60_000);

  it('unsubscribes by the signed link, signed out; a forged link changes nothing', async () => {
    const db = database.db;
    const app = apps[apps.length - 1]!;
    const admin = (await makeSignedIn(db, { roles: ['SYSADMIN'] })).token;
    const { subs } = await makeCategoryTree(db, 1);
    const reader = await makeSignedIn(db, { roles: ['AR'] });
    await makeSubscription(db, reader.user.id, subs[0]!.id, true);
    await addPublication(app, admin, 'Before Unsubscribe', subs[0]!.id);
    await drain(app);
    const mail = (await messages()).find((m) => m.to.includes(reader.user.email.toLowerCase()))!;
    const link = /http:\/\/portal\.test(\/api\/unsubscribe\?\S+)/.exec(mail.text)![1]!;
    const page = await app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    const forged = await app.inject({ method: 'POST', url: link.replace(/s=[^&]+/, 's=forged') });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(PUBLICATION_MESSAGES.unsubscribeInvalid);
    const done = await app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(PUBLICATION_MESSAGES.unsubscribed);
    const count = (await db.select().from(mailOutbox).where(eq(mailOutbox.userId, reader.user.id))).length;
    await addPublication(app, admin, 'After Unsubscribe', subs[0]!.id);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.userId, reader.user.id))).length).toBe(count);
  }, 60_000);

  it('holds mail for the daily digest and sends one mail a day later', async () => {
    const db = database.db;
    const app = apps[apps.length - 1]!;
    const admin = (await makeSignedIn(db, { roles: ['SYSADMIN'] })).token;
    const { subs } = await makeCategoryTree(db, 1);
    const reader = await makeSignedIn(db, { roles: ['AR'] });
    await makeSubscription(db, reader.user.id, subs[0]!.id, true);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/notifications/email-settings',
      headers: auth(reader.token),
      payload: { frequency: 'digest' },
    });
    expect(saved.json()).toMatchObject({ message: PUBLICATION_MESSAGES.emailPreferenceSaved, frequency: 'digest' });
    expect((await app.inject({ method: 'GET', url: '/api/notifications/email-settings' })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/notifications/email-settings',
          headers: auth(reader.token),
          payload: { frequency: 'weekly' },
        })
      ).statusCode,
    ).toBe(400);
    await addPublication(app, admin, 'Digest One', subs[0]!.id);
    await addPublication(app, admin, 'Digest Two', subs[0]!.id);
    await drain(app);
    const to = reader.user.email.toLowerCase();
    expect((await messages()).filter((m) => m.to.includes(to))).toHaveLength(0);
    expect(await composeDigests(app.deps, new Date())).toBe(0);
    expect(await composeDigests(app.deps, new Date(Date.now() + 25 * 3_600_000))).toBe(1);
    await drain(app);
    const mine = (await messages()).filter((m) => m.to.includes(to));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe(`${PRODUCT_NAME}: your daily digest (2 notifications)`);
    expect(mine[0]!.text).toContain('Digest One');
    expect(mine[0]!.text).toContain('Digest Two');
  }, 60_000);
});
