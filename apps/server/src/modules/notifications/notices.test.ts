import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { ADMIN_COMMS_MESSAGES as M, type NotificationList, type NotificationLog } from '@portal/shared';
import { auditLog, devMessages, mailOutbox, notifications, sentNotifications } from '../../db/schema/index.js';
import { sendDue } from '../../platform/outbox.js';
import { drainNotices, fanOutQueued } from './notices.fanout.js';
import { claimQueuedNotice, insertSentNotification, type Audience } from './notifications.queries.js';
import { makeCommittee } from '../../test/factories/committees.js';
import { makeSignedIn, makeUser, type UserRow } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let sysadmin: string;
let taAdmin: string;
const others: Record<string, string> = {};
let ar: UserRow;
let arAndCm: UserRow;
let cmA: UserRow;
let cmB: UserRow;
let ta1: UserRow;
let ta2: UserRow;
let retired: UserRow;
let committeeA: number;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  sysadmin = (await makeSignedIn(db, { roles: ['SYSADMIN'] })).token;
  taAdmin = (await makeSignedIn(db, { roles: ['TA_ADMIN'] })).token;
  for (const role of ['AR', 'TA', 'CM'] as const) others[role] = (await makeSignedIn(db, { roles: [role] })).token;
  ar = await makeUser(db, { roles: ['AR'] });
  arAndCm = await makeUser(db, { roles: ['AR', 'CM'] });
  cmA = await makeUser(db, { roles: ['CM'] });
  cmB = await makeUser(db, { roles: ['CM'] });
  ta1 = await makeUser(db, { roles: ['TA'] });
  ta2 = await makeUser(db, { roles: ['TA', 'LA'] });
  retired = await makeUser(db, { roles: ['CM'], activated: false });
  committeeA = (await makeCommittee(db, { admin: cmA, members: [{ user: arAndCm }, { user: retired }] })).id;
  await makeCommittee(db, { admin: cmB });
});
afterAll(() => t.close());

const notice = (extra: Record<string, unknown>) => ({
  sender_name: 'Portal Admin',
  sender_email: 'admin@portal.test',
  notification_title: 'Office closed',
  notification_body: 'The office is closed on Friday.',
  ...extra,
});
/** Sends, then waits for the fan-out the call kicked off (and any other pass in this process). */
async function send(token: string | undefined, payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/notifications',
    headers: token ? auth(token) : {},
    payload: payload as never,
  });
  await drainNotices(t.app.deps);
  return res;
}

async function recipientsOf(title: string) {
  const rows = await t.database.db
    .select({ userId: notifications.userId, type: notifications.type })
    .from(notifications)
    .where(eq(notifications.title, title));
  return rows;
}

describe('POST /api/notifications (SYSADMIN, groups)', () => {
  it('reaches exactly the committee chosen, once each, in the portal as Admin and by one mail each', async () => {
    const res = await send(
      sysadmin,
      notice({ notification_title: 'Committee A notice', send_to: ['CM'], committee_ids: [committeeA] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ recipients: 2 });
    const got = await recipientsOf('Committee A notice');
    expect(got.map((r) => r.userId).sort()).toEqual([cmA.id, arAndCm.id].sort());
    expect(got.every((r) => r.type === 'Admin')).toBe(true);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Committee A notice'));
    expect(mails.map((m) => m.userId).sort()).toEqual([cmA.id, arAndCm.id].sort());
  });

  it('sends a member of two groups one notification, and hands each mail to the mailer once', async () => {
    const res = await send(sysadmin, notice({ notification_title: 'Two groups', send_to: ['AR', 'CM'] }));
    expect(res.statusCode, res.body).toBe(200);
    const ids = (await recipientsOf('Two groups')).map((r) => r.userId);
    expect(ids.filter((id) => id === arAndCm.id)).toHaveLength(1);
    expect(ids).toEqual(expect.arrayContaining([ar.id, arAndCm.id, cmA.id, cmB.id]));
    expect(ids).not.toContain(retired.id);
    expect(ids).not.toContain(ta1.id);
    expect(new Set(ids).size).toBe(ids.length);
    await sendDue(t.app.deps);
    const mailed = await t.database.db
      .select({ to: devMessages.to })
      .from(devMessages)
      .where(and(eq(devMessages.subject, 'Two groups'), inArray(devMessages.to, [arAndCm.email, ar.email])));
    expect(mailed.map((m) => m.to).sort()).toEqual([ar.email, arAndCm.email].sort());
  });

  it('the recipient sees it in their notifications as type Admin, with the sender', async () => {
    const { token } = { token: (await makeSignedIn(t.database.db, { roles: ['AR'] })).token };
    await send(sysadmin, notice({ notification_title: 'For every AR', send_to: ['AR'] }));
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: auth(token) })
    ).json<NotificationList>();
    expect(list.data[0]).toMatchObject({
      data: { title: 'For every AR', data: { type: 'Admin', notification_body: 'The office is closed on Friday.' } },
      sender: 'Portal Admin (admin@portal.test)',
    });
  });

  it('two sends at once are two notifications, each mailed once to each recipient', async () => {
    // Two real HTTP requests on their own connections, in flight together.
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const post = () =>
      fetch(`${base}/api/notifications`, {
        method: 'POST',
        headers: { ...auth(sysadmin), 'content-type': 'application/json' },
        body: JSON.stringify(notice({ notification_title: 'Parallel', send_to: ['CM'], committee_ids: [committeeA] })),
      });
    const [a, b] = await Promise.all([post(), post()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await drainNotices(t.app.deps);
    const ids = (await recipientsOf('Parallel')).map((r) => r.userId).sort();
    expect(ids).toEqual([cmA.id, cmA.id, arAndCm.id, arAndCm.id].sort());
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Parallel'));
    expect(mails).toHaveLength(4);
  });

  it("answers the spec's messages: empty fields, no group", async () => {
    const empty = await send(sysadmin, notice({ notification_body: ' ', send_to: ['AR'] }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Sender email/full name and notification title/body cannot be empty!');
    const none = await send(sysadmin, notice({ send_to: [] }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('At least 1 group should be selected!');
    const gone = await send(sysadmin, notice({ send_to: ['CM'], committee_ids: [999999] }));
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe(M.notificationUnknownCommittee);
    const missing = await send(sysadmin, notice({}));
    expect(missing.json().message).toBe('At least 1 group should be selected!');
  });

  it('refuses a SYSADMIN the assessors options (the wrong admin kind)', async () => {
    expect((await send(sysadmin, notice({ send_to: 'ALL_TA_USERS' }))).statusCode).toBe(403);
  });
});

describe('POST /api/notifications (TA_ADMIN, assessors)', () => {
  it('REPORT_USERS reaches only the assessors named; ALL_TA_USERS every active assessor', async () => {
    const res = await send(
      taAdmin,
      notice({
        notification_title: 'Report users',
        send_to: 'REPORT_USERS',
        user_ids: [ta1.id, ar.id],
        unUsedForMonths: 6,
        selectedReportOptions: [2],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await recipientsOf('Report users')).map((r) => r.userId)).toEqual([ta1.id]);
    await send(taAdmin, notice({ notification_title: 'All assessors', send_to: 'ALL_TA_USERS' }));
    const all = (await recipientsOf('All assessors')).map((r) => r.userId);
    expect(all).toEqual(expect.arrayContaining([ta1.id, ta2.id]));
    expect(all).not.toContain(ar.id);
  });

  it("answers 'Please select Send Notification to option!' without an option; 403 for groups", async () => {
    const none = await send(taAdmin, notice({}));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select Send Notification to option!');
    expect((await send(taAdmin, notice({ send_to: ['TA'] }))).statusCode).toBe(403);
    const noUsers = await send(taAdmin, notice({ send_to: 'REPORT_USERS', user_ids: [] }));
    expect(noUsers.json().message).toBe(M.notificationNoReportUsers);
  });

  it('answers 401 signed out and 403 to AR, TA and CM', async () => {
    expect((await send(undefined, notice({ send_to: ['AR'] }))).statusCode).toBe(401);
    for (const [role, token] of Object.entries(others)) {
      expect((await send(token, notice({ send_to: ['AR'] }))).statusCode, role).toBe(403);
      const log = await t.app.inject({ method: 'GET', url: '/api/notifications/log', headers: auth(token) });
      expect(log.statusCode, role).toBe(403);
    }
  });
});

describe('GET /api/notifications/log', () => {
  it("pages each admin's own kind of notices, 5 a page, newest first, and audits each send", async () => {
    const log = (token: string, page = 1) =>
      t.app
        .inject({ method: 'GET', url: `/api/notifications/log?page=${page}`, headers: auth(token) })
        .then((r) => r.json<NotificationLog>());
    const first = await log(sysadmin);
    expect(first.per_page).toBe(5);
    expect(first.data).toHaveLength(5);
    expect(first.total).toBe(5);
    expect(first.audiences).toEqual({ groups: true, assessors: false });
    expect(first.data[0]).toMatchObject({
      title: 'Parallel',
      recipient: 2,
      sender: 'Portal Admin (admin@portal.test)',
      reminders: [],
      sending: false,
    });
    expect(first.data.find((d) => d.title === 'Two groups')?.notificationSentTo).toBe('AR; CM');
    const second = await log(sysadmin, 2);
    expect(second.data).toHaveLength(0);
    expect(second.total).toBe(5);
    const ta = await log(taAdmin);
    expect(ta.data.map((d) => d.title)).toEqual(['All assessors', 'Report users']);
    expect(ta.data[1]?.notificationSentTo).toBe('Unused TAs from the report (6 months: Last Used)');
    expect(ta.audiences).toEqual({ groups: false, assessors: true });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.notification.send'));
    expect(audits).toHaveLength(7);
    expect(audits.find((a) => (a.after as { title: string }).title === 'Report users')).toMatchObject({
      recordType: 'sent_notification',
      after: { recipients: 1 },
    });
  });
});

describe('the fan-out', () => {
  const queue = (title: string, selection: unknown) =>
    insertSentNotification(t.database.db, {
      title,
      body: 'Queued body.',
      senderName: 'Portal Admin',
      senderEmail: 'admin@portal.test',
      audience: 'groups',
      sendTo: { send_to: ['CM'], committee_ids: [committeeA] },
      sentToText: 'CM: A',
      recipients: 0,
      status: 'queued',
      selection,
    });
  const noGroups: Audience = { kind: 'groups', roles: [], allCommitteeMembers: false, committeeIds: [] };

  it('two workers draining at once fan out each notice once', async () => {
    await drainNotices(t.app.deps);
    const selection = { ...noGroups, committeeIds: [committeeA] };
    const ids = [
      await queue('Queued 1', selection),
      await queue('Queued 2', selection),
      await queue('Queued 3', selection),
    ];
    // Side by side, not chained: on PostgreSQL each runs on its own connection of the pool.
    const [a, b] = await Promise.all([fanOutQueued(t.app.deps), fanOutQueued(t.app.deps)]);
    expect(a.sent + b.sent).toBe(3);
    expect(a.failed + b.failed).toBe(0);
    for (const title of ['Queued 1', 'Queued 2', 'Queued 3']) {
      expect((await recipientsOf(title)).map((r) => r.userId).sort()).toEqual([cmA.id, arAndCm.id].sort());
      const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, title));
      expect(mails.map((m) => m.userId).sort()).toEqual([cmA.id, arAndCm.id].sort());
    }
    const logged = await t.database.db.select().from(sentNotifications).where(inArray(sentNotifications.id, ids));
    expect(logged.map((l) => [l.status, l.recipients, l.attempts])).toEqual([
      ['sent', 2, 0],
      ['sent', 2, 0],
      ['sent', 2, 0],
    ]);
  });

  // PGlite has one connection, on which a second transaction waits for the first: PostgreSQL only.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a worker skips a notice another worker holds, without waiting for it; that one goes out once, later',
    async () => {
      await drainNotices(t.app.deps);
      const selection = { ...noGroups, committeeIds: [committeeA] };
      await queue('Held', selection);
      await queue('Free', selection);
      let claimed: { id: number; title: string } | undefined;
      let holding!: () => void;
      let release!: () => void;
      const held = new Promise<void>((r) => (holding = r));
      const released = new Promise<void>((r) => (release = r));
      // Another server's fan-out, stopped after its claim; it fails and rolls back when released.
      const other = t.database.db.transaction(async (tx) => {
        claimed = await claimQueuedNotice(tx);
        holding();
        await released;
        throw new Error('the other server stopped');
      });
      await held;
      expect(claimed?.title).toBe('Held');
      expect(await fanOutQueued(t.app.deps)).toEqual({ sent: 1, failed: 0 });
      expect(await recipientsOf('Free')).toHaveLength(2);
      expect(await recipientsOf('Held')).toHaveLength(0);
      release();
      await expect(other).rejects.toThrow('the other server stopped');
      expect(await fanOutQueued(t.app.deps)).toEqual({ sent: 1, failed: 0 });
      expect((await recipientsOf('Held')).map((r) => r.userId).sort()).toEqual([cmA.id, arAndCm.id].sort());
      expect(await recipientsOf('Free')).toHaveLength(2);
    },
  );

  it('a notice whose fan-out failed stays queued, with nothing written, and is tried again', async () => {
    await drainNotices(t.app.deps);
    // A committee id that is no integer makes the fan-out's statement fail.
    const id = await queue('Fails first', { ...noGroups, committeeIds: ['x'] });
    expect(await drainNotices(t.app.deps)).toEqual({ sent: 0, failed: 1 });
    const [failed] = await t.database.db.select().from(sentNotifications).where(eq(sentNotifications.id, id));
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, fannedOutAt: null });
    expect(failed!.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await recipientsOf('Fails first')).toEqual([]);
    // Not due yet: the next pass leaves it.
    expect(await drainNotices(t.app.deps)).toEqual({ sent: 0, failed: 0 });
    const log = await t.app.inject({ method: 'GET', url: '/api/notifications/log', headers: auth(sysadmin) });
    expect(log.json<NotificationLog>().data.find((d) => d.id === id)).toMatchObject({ sending: true });

    // Once what failed is mended and the wait is over, the worker fans it out.
    await t.database.db
      .update(sentNotifications)
      .set({ selection: { ...noGroups, committeeIds: [committeeA] }, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(sentNotifications.id, id));
    expect(await drainNotices(t.app.deps)).toEqual({ sent: 1, failed: 0 });
    expect((await recipientsOf('Fails first')).map((r) => r.userId).sort()).toEqual([cmA.id, arAndCm.id].sort());
    const [sent] = await t.database.db.select().from(sentNotifications).where(eq(sentNotifications.id, id));
    expect(sent).toMatchObject({ status: 'sent', recipients: 2, lastError: null });
    expect(sent!.fannedOutAt).toBeInstanceOf(Date);
  });
});
