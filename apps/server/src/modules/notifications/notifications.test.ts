import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type NotificationList } from '@portal/shared';
import { mailOutbox, notifications, users } from '../../db/schema/index.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';
import { emit } from '../../platform/events.js';
import { queueMail } from '../../platform/outbox.js';
import { notify } from './notifications.service.js';
import { makeCommittee } from '../../test/factories/committees.js';
import { makeNotification } from '../../test/factories/notifications.js';
import { makeSignedIn, type UserRow } from '../../test/factories/users.js';

let t: TestApp;
let ar: string;
let cm: string;
let multi: string;
let arUser: UserRow;
let chem: number;
let bio: number;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  const a = await makeSignedIn(db, { roles: ['AR'] });
  const c = await makeSignedIn(db, { roles: ['CM'] });
  const m = await makeSignedIn(db, { roles: ['AR', 'TA', 'CM'] });
  [ar, cm, multi, arUser] = [a.token, c.token, m.token, a.user];
  chem = (await makeCommittee(db, { name: 'Chemical Testing Committee', members: [{ user: c.user }] })).id;
  bio = (
    await makeCommittee(db, { name: 'Biological Testing Committee', members: [{ user: c.user }, { user: m.user }] })
  ).id;
  // The AR's: four, one of them read, the newest for every view.
  await makeNotification(db, a.user, { title: 'Portal maintenance on Saturday', minutesAgo: 0 });
  await makeNotification(db, a.user, {
    type: 'document',
    title: 'New document on job 900001',
    role: 'AR',
    minutesAgo: 10,
  });
  await makeNotification(db, a.user, { type: 'invoice', title: 'Invoice due', role: 'AR', minutesAgo: 20 });
  await makeNotification(db, a.user, { title: 'Welcome', minutesAgo: 30, readAt: new Date() });
  // multi's, one per view.
  await makeNotification(db, m.user, { type: 'document', title: 'New document on job 900002', role: 'AR' });
  await makeNotification(db, m.user, { type: 'document', title: 'Document to review', role: 'TA' });
  // The CM's, by committee.
  await makeNotification(db, c.user, {
    type: 'event',
    title: 'Meeting moved: Chemical Testing Committee',
    role: 'CM',
    committeeId: chem,
    minutesAgo: 1,
  });
  await makeNotification(db, c.user, {
    type: 'event',
    title: 'New discussion: Chemical Testing Committee',
    role: 'CM',
    committeeId: chem,
    minutesAgo: 2,
  });
  await makeNotification(db, c.user, {
    type: 'event',
    title: 'New event: Biological Testing Committee',
    role: 'CM',
    committeeId: bio,
    minutesAgo: 3,
  });
  await makeNotification(db, c.user, {
    type: 'event',
    title: 'New discussion: Biological Testing Committee',
    role: 'CM',
    committeeId: bio,
    minutesAgo: 4,
  });
});
afterAll(() => t.close());

const list = async (token: string, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: auth(token) });
  return { status: res.statusCode, body: res.json<NotificationList & { message?: string }>() };
};
const update = (token: string, ids: string, query: string) =>
  t.app.inject({ method: 'PUT', url: `/api/notifications/${ids}${query}`, headers: auth(token) });

describe('GET /api/notifications', () => {
  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('lists the newest first in the shape of the spec, with unread and total counts', async () => {
    const { status, body } = await list(ar, '?role=AR');
    expect(status).toBe(200);
    expect(body.total).toBe(4);
    expect(body.unread).toBe(3);
    const dates = body.data.map((n) => n.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.data[0]).toMatchObject({
      data: { title: 'Portal maintenance on Saturday', data: { type: 'Admin', url: null } },
      read_at: null,
    });
  });

  it('limits to count, 20 by default', async () => {
    const me = arUser;
    // notify() sends one per distinct recipient, so each call adds one.
    for (let i = 0; i < 30; i++)
      await notify(t.database.db, { userIds: [me.id, me.id], type: 'user', title: `n${i}`, body: 'b' });
    expect((await list(ar)).body.data).toHaveLength(20);
    expect((await list(ar, '?count=40')).body.data).toHaveLength(34);
    expect((await list(ar, '?count=0')).status).toBe(400);
    expect((await list(ar, '?count=100000')).status).toBe(400);
  });

  it('refuses a role the user does not hold', async () => {
    const res = await list(ar, '?role=SYSADMIN');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.roleNotHeld);
  });

  it('scopes by role for users with several roles', async () => {
    const asAr = (await list(multi, '?role=AR')).body.data.map((n) => n.data.title);
    const asTa = (await list(multi, '?role=TA')).body.data.map((n) => n.data.title);
    expect(asAr).toContain('New document on job 900002');
    expect(asAr).not.toContain('Document to review');
    expect(asTa).toContain('Document to review');
  });

  it('scopes a CM to the selected committee, and refuses a committee they are not in', async () => {
    const chemTitles = (await list(cm, `?role=CM&cmId=${chem}`)).body.data.map((n) => n.data.title);
    expect(chemTitles.some((x) => x.endsWith('Chemical Testing Committee'))).toBe(true);
    expect(chemTitles.some((x) => x.endsWith('Biological Testing Committee'))).toBe(false);
    const other = await makeCommittee(t.database.db, { name: 'A committee multi is not in' });
    expect((await list(multi, `?role=CM&cmId=${other.id}`)).status).toBe(404);
    expect((await list(multi, `?role=CM&cmId=${bio}`)).status).toBe(200);
  });
});

describe('PUT /api/notifications/{ids}', () => {
  it('marks read and deletes the user’s own notifications', async () => {
    const before = (await list(cm, '?role=CM')).body;
    const first = before.data.find((n) => !n.read_at)!;
    const read = await update(cm, encodeURIComponent(JSON.stringify([first.id])), '?type=read&role=CM');
    expect(read.statusCode).toBe(200);
    expect(read.json().message).toBe(MESSAGES.actionSuccessful);
    const after = (await list(cm, '?role=CM')).body;
    expect(after.unread).toBe(before.unread - 1);
    expect(after.data.find((n) => n.id === first.id)!.read_at).not.toBeNull();

    expect((await update(cm, first.id, '?type=delete&role=CM')).statusCode).toBe(200);
    expect((await list(cm, '?role=CM')).body.total).toBe(before.total - 1);
  });

  it('cannot touch another user’s notification', async () => {
    const theirs = (await list(cm, '?role=CM')).body.data[0]!;
    const res = await update(ar, encodeURIComponent(JSON.stringify([theirs.id])), '?type=delete');
    expect(res.statusCode).toBe(404);
    expect((await list(cm, '?role=CM')).body.data.some((n) => n.id === theirs.id)).toBe(true);
  });

  it('refuses malformed ids and types', async () => {
    expect((await update(cm, encodeURIComponent('["nope"]'), '?type=read')).statusCode).toBe(400);
    expect((await update(cm, encodeURIComponent('[not json'), '?type=read')).statusCode).toBe(400);
    const some = (await list(cm, '?role=CM')).body.data[0]!;
    expect((await update(cm, some.id, '?type=archive')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/notifications/${some.id}?type=read` })).statusCode).toBe(
      401,
    );
  });

  it("'all' clears every notification in the view", async () => {
    const res = await update(cm, 'all', `?type=delete&role=CM&cmId=${chem}`);
    expect(res.statusCode).toBe(200);
    expect((await list(cm, `?role=CM&cmId=${chem}`)).body).toMatchObject({ total: 0, unread: 0, data: [] });
    // The other committee's notifications stay.
    expect((await list(cm, `?role=CM&cmId=${bio}`)).body.total).toBeGreaterThan(0);
  });
});

describe('notification events', () => {
  it('turn an event into rows from its template, in the transaction of the change', async () => {
    const me = arUser;
    const event = {
      job: { id: 1, jobNumber: 'EV-1' },
      document: { name: 'Plan.pdf', uploadedBy: me.id, uploaderRole: 'AR' },
      by: { id: -1, name: 'Tess Assessor' },
      comment: 'Fine.',
    };
    // A change that rolls back takes its notifications with it.
    await expect(
      t.database.db.transaction(async (tx) => {
        await emit(tx, 'jobs.document.reviewed', { ...event, job: { id: 1, jobNumber: 'EV-0' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.database.db.transaction((tx) => emit(tx, 'jobs.document.reviewed', event));
    const titles = (await list(ar, '?role=AR&count=200')).body.data.map((n) => n.data.title);
    expect(titles).toContain('Document reviewed on job EV-1');
    expect(titles).not.toContain('Document reviewed on job EV-0');
    const row = (await list(ar, '?role=AR&count=200')).body.data.find(
      (n) => n.data.title === 'Document reviewed on job EV-1',
    )!;
    expect(row).toMatchObject({
      body: 'Tess Assessor reviewed "Plan.pdf": Fine.',
      sender: 'Tess Assessor',
      data: { data: { type: 'document', url: '/job/1' } },
    });
  });

  it('reach more recipients than one statement has parameters for (8 a row, 65,535 at most)', async () => {
    // 9,000 users: one insert of their rows would need 72,000 parameters.
    await t.database.db.execute(sql`insert into users (email, password_hash, first_name, last_name, activated)
      select 'many-' || g || '@bench.test', 'x', 'Many', 'Number ' || g, true from generate_series(1, 9000) g`);
    const ids = (
      await t.database.db.select({ id: users.id }).from(users).where(like(users.email, 'many-%@bench.test'))
    ).map((r) => r.id);
    expect(ids).toHaveLength(9000);
    await t.database.db.transaction(async (tx) => {
      await notify(tx, {
        userIds: ids,
        type: 'publication',
        title: 'Many recipients',
        body: 'b',
        url: '/publications/0',
      });
      expect(
        await queueMail(tx, ids, 'publication', { subject: 'Many recipients', text: 'b', url: '/publications/0' }),
      ).toBe(9000);
    });
    const [inApp] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.title, 'Many recipients'));
    const [mail] = await t.database.db
      .select({ n: sql<number>`count(distinct ${mailOutbox.userId})::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Many recipients'));
    expect(inApp!.n).toBe(9000);
    expect(mail!.n).toBe(9000);
  });
});
