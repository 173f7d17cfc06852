import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, type CalendarEvent, type EventList, type EventSaved } from '@portal/shared';
import { events, notifications } from '../../db/schema/index.js';
import { makeEvent, sydneyDay } from '../../test/factories/calendar.js';
import { makeCommittee, type CommitteeRow } from '../../test/factories/committees.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';

type Signed = Awaited<ReturnType<typeof makeSignedIn>>;
let t: TestApp;
let admin: Signed;
let member: Signed;
let outsider: Signed;
let chemical: CommitteeRow;
let other: CommitteeRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  admin = await makeSignedIn(db, { roles: ['CM'], firstName: 'Carla', lastName: 'Chair' });
  member = await makeSignedIn(db, { roles: ['CM'], firstName: 'Mo', lastName: 'Member' });
  outsider = await makeSignedIn(db, { roles: ['CM'] });
  chemical = await makeCommittee(db, {
    name: 'Chemical Testing Committee',
    admin: admin.user,
    members: [{ user: member.user }],
  });
  other = await makeCommittee(db, { name: 'Other Committee', admin: outsider.user });
  await makeEvent(db, {
    committee: chemical,
    creator: admin.user,
    title: 'Past meeting',
    start: sydneyDay(-10),
    end: sydneyDay(-10, '11:00:00'),
  });
  await makeEvent(db, {
    committee: chemical,
    creator: admin.user,
    title: 'Budget meeting',
    start: sydneyDay(3),
    end: sydneyDay(3, '11:00:00'),
  });
  await makeEvent(db, {
    committee: chemical,
    creator: admin.user,
    title: 'Budget review (past)',
    start: sydneyDay(-3),
    end: sydneyDay(-3, '11:00:00'),
  });
  await makeEvent(db, {
    committee: other,
    creator: outsider.user,
    title: 'Other meeting',
    start: sydneyDay(3),
    end: sydneyDay(3, '11:00:00'),
  });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: token ? auth(token) : {} });
const list = (token: string, query = '') => call('GET', `/api/events?committee_id=${chemical.id}${query}`, token);
const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(events))[0]!.n;

describe('GET /api/events', () => {
  it("gives a member the committee's events by start, read-only unless they created them", async () => {
    const res = await list(member.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<EventList>();
    expect(body.data.map((e) => e.title)).toEqual(['Past meeting', 'Budget review (past)', 'Budget meeting']);
    expect(body.abilities).toEqual({ 'calendar.event.create': false });
    expect(body.data[0]).toMatchObject({
      isCreatedBy: false,
      committee_id: chemical.id,
      allDay: false,
      creator: { first_name: 'Carla', last_name: 'Chair' },
    });
    expect(body.data[0]!.abilities).toEqual({ 'calendar.event.update': false, 'calendar.event.delete': false });
    expect(body.data[0]!.start).toMatch(/^\d{4}-\d{2}-\d{2} 10:00:00$/);
  });

  it('lets the admin create, and marks what they created', async () => {
    const body = (await list(admin.token)).json<EventList>();
    expect(body.abilities).toEqual({ 'calendar.event.create': true });
    expect(
      body.data.every(
        (e) => e.isCreatedBy && e.abilities['calendar.event.update'] && e.abilities['calendar.event.delete'],
      ),
    ).toBe(true);
  });

  it('filters by range, upcoming, and searches future events by title words', async () => {
    const range = (
      await list(member.token, `&start=${sydneyDay(-5).slice(0, 10)}&end=${sydneyDay(1).slice(0, 10)}`)
    ).json<EventList>();
    expect(range.data.map((e) => e.title)).toEqual(['Budget review (past)']);
    const upcoming = (await list(member.token, '&upcoming=true&limit=5')).json<EventList>();
    expect(upcoming.data.map((e) => e.title)).toEqual(['Budget meeting']);
    const search = (await list(member.token, '&term=budget')).json<EventList>();
    expect(search.data.map((e) => e.title)).toEqual(['Budget meeting']);
    const none = (await list(member.token, '&term=100%25')).json<EventList>();
    expect(none.data).toEqual([]);
  });

  it('answers 404 to a non-member, 401 without a token, 400 without a committee', async () => {
    expect((await list(outsider.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/events?committee_id=${chemical.id}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/events', member.token)).statusCode).toBe(400);
    expect((await list(member.token, '&start=2026-02-31')).statusCode).toBe(400);
  });
});

describe('POST /api/events', () => {
  it('lets the committee admin add a timed event (30 minutes by default) and notifies the other members', async () => {
    const res = await call('POST', '/api/events', admin.token, {
      committee_id: chemical.id,
      title: '  Standards sub-group  ',
      start: '2026-12-01T09:00:00',
      allDay: false,
    });
    expect(res.statusCode).toBe(200);
    const { message, event } = res.json<EventSaved>();
    expect(message).toBe(CALENDAR_MESSAGES.created);
    expect(event).toMatchObject({
      title: 'Standards sub-group',
      start: '2026-12-01 09:00:00',
      end: '2026-12-01 09:30:00',
      allDay: false,
      isCreatedBy: true,
    });
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.url, '/calendar/2026-12-01'));
    expect(rows.map((n) => n.userId)).toEqual([member.user.id]);
    expect(rows[0]).toMatchObject({
      type: 'event',
      role: 'CM',
      committeeId: chemical.id,
      title: 'New event in Chemical Testing Committee',
      body: 'Carla Chair added "Standards sub-group" on 01/12/2026 9:00 am.',
    });
  });

  it('stores Sydney wall-clock times as instants (AEST in winter, AEDT in summer)', async () => {
    const winter = (
      await call('POST', '/api/events', admin.token, {
        committee_id: chemical.id,
        title: 'Winter',
        start: '2026-07-01 09:00:00',
        end: '2026-07-01 10:00:00',
      })
    ).json<EventSaved>().event;
    const summer = (
      await call('POST', '/api/events', admin.token, {
        committee_id: chemical.id,
        title: 'Summer',
        start: '2026-12-02 09:00:00',
        end: '2026-12-02 10:00:00',
      })
    ).json<EventSaved>().event;
    const [w] = await t.database.db.select().from(events).where(eq(events.id, winter.id));
    const [s] = await t.database.db.select().from(events).where(eq(events.id, summer.id));
    expect(w!.startsAt.toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(s!.startsAt.toISOString()).toBe('2026-12-01T22:00:00.000Z');
  });

  it('makes an all-day event one day long by default, from midnight to midnight', async () => {
    const res = await call('POST', '/api/events', admin.token, {
      committee_id: chemical.id,
      title: 'Workshop',
      start: '2026-12-05',
      allDay: true,
    });
    expect(res.json<EventSaved>().event).toMatchObject({
      start: '2026-12-05 00:00:00',
      end: '2026-12-06 00:00:00',
      allDay: true,
    });
    const two = await call('POST', '/api/events', admin.token, {
      committee_id: chemical.id,
      title: 'Two days',
      start: '2026-12-07',
      end: '2026-12-09',
      allDay: true,
    });
    expect(two.json<EventSaved>().event).toMatchObject({ start: '2026-12-07 00:00:00', end: '2026-12-09 00:00:00' });
  });

  it("refuses with the spec's messages, writing nothing", async () => {
    const before = await count();
    const noTitle = await call('POST', '/api/events', admin.token, {
      committee_id: chemical.id,
      title: '   ',
      start: '2026-12-01 09:00:00',
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({
      message: 'Please enter an event name',
      errors: { title: ['Please enter an event name'] },
    });
    const backwards = await call('POST', '/api/events', admin.token, {
      committee_id: chemical.id,
      title: 'x',
      start: '2026-12-01 09:00:00',
      end: '2026-12-01 08:00:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      message: "Event end date can't be in the past",
      errors: { end: ["Event end date can't be in the past"] },
    });
    const same = await call('POST', '/api/events', admin.token, {
      committee_id: chemical.id,
      title: 'x',
      start: '2026-12-01 09:00:00',
      end: '2026-12-01 09:00:00',
    });
    expect(same.json()).toMatchObject({ message: "Event end date can't be in the past" });
    const plain = await call('POST', '/api/events', member.token, {
      committee_id: chemical.id,
      title: 'Mine',
      start: '2026-12-01 09:00:00',
    });
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toMatchObject({ message: 'Only Committee Admin can create an event!' });
    expect(
      (
        await call('POST', '/api/events', outsider.token, {
          committee_id: chemical.id,
          title: 'x',
          start: '2026-12-01 09:00:00',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', '/api/events', undefined, {
          committee_id: chemical.id,
          title: 'x',
          start: '2026-12-01 09:00:00',
        })
      ).statusCode,
    ).toBe(401);
    expect(await count()).toBe(before);
  });
});

describe('PUT and DELETE /api/events/{id}', () => {
  let event: CalendarEvent;
  beforeAll(async () => {
    event = (
      await call('POST', '/api/events', admin.token, {
        committee_id: chemical.id,
        title: 'Movable',
        start: '2026-12-10 09:00:00',
        end: '2026-12-10 10:00:00',
      })
    ).json<EventSaved>().event;
  });

  it('lets the creator move it (a drag) and change it', async () => {
    const res = await call('PUT', `/api/events/${event.id}`, admin.token, {
      title: 'Moved',
      start: '2026-12-12 09:00:00',
      end: '2026-12-12 11:00:00',
      allDay: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<EventSaved>()).toMatchObject({
      message: CALENDAR_MESSAGES.updated,
      event: { title: 'Moved', start: '2026-12-12 09:00:00', end: '2026-12-12 11:00:00' },
    });
    const toAllDay = await call('PUT', `/api/events/${event.id}`, admin.token, {
      title: 'Moved',
      start: '2026-12-12',
      allDay: true,
    });
    expect(toAllDay.json<EventSaved>().event).toMatchObject({
      start: '2026-12-12 00:00:00',
      end: '2026-12-13 00:00:00',
      allDay: true,
    });
  });

  it('refuses a member who did not create it (403), a non-member (404), bad times (400)', async () => {
    const put = await call('PUT', `/api/events/${event.id}`, member.token, {
      title: 'Mine now',
      start: '2026-12-12 09:00:00',
      allDay: false,
    });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toMatchObject({ message: CALENDAR_MESSAGES.updateRefused });
    expect(
      (await call('PUT', `/api/events/${event.id}`, outsider.token, { title: 'x', start: '2026-12-12 09:00:00' }))
        .statusCode,
    ).toBe(404);
    const bad = await call('PUT', `/api/events/${event.id}`, admin.token, {
      title: 'x',
      start: '2026-12-12 09:00:00',
      end: '2026-12-11 09:00:00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: "Event end date can't be in the past" });
    const del = await call('DELETE', `/api/events/${event.id}`, member.token);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toMatchObject({ message: 'You can not delete this event!' });
    expect((await call('DELETE', `/api/events/${event.id}`, outsider.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/events/${event.id}`)).statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.id, event.id), eq(events.title, 'Moved')));
    expect(row).toBeDefined();
  });

  it('lets the creator delete it; then it is gone (404)', async () => {
    const res = await call('DELETE', `/api/events/${event.id}`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CALENDAR_MESSAGES.deleted });
    expect((await call('DELETE', `/api/events/${event.id}`, admin.token)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/events/${event.id}`, admin.token, { title: 'x', start: '2026-12-12 09:00:00' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('PUT in parallel with DELETE of the same event', () => {
  it('answers 200 or 404 to every PUT, never 500, and the event ends up gone', async () => {
    const statuses = new Set<number>();
    for (let round = 0; round < 5; round++) {
      const created = await call('POST', '/api/events', admin.token, {
        committee_id: chemical.id,
        title: `Raced ${round}`,
        start: '2026-12-10 09:00:00',
      });
      const id = created.json<EventSaved>().event.id;
      const put = () =>
        call('PUT', `/api/events/${id}`, admin.token, {
          title: 'Raced again',
          start: '2026-12-11 09:00:00',
          allDay: false,
        });
      const answers = await Promise.all([
        ...Array.from({ length: 7 }, put),
        call('DELETE', `/api/events/${id}`, admin.token),
        ...Array.from({ length: 8 }, put),
      ]);
      for (const res of answers) statuses.add(res.statusCode);
      expect((await t.database.db.select().from(events).where(eq(events.id, id))).length).toBe(0);
    }
    expect([...statuses].filter((s) => s !== 200 && s !== 404)).toEqual([]);
  });
});
