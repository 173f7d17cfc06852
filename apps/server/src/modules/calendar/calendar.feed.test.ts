import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '@portal/shared';
import { committeeMembers, committees, events, users } from '../../db/schema/index.js';
import { makeEvent } from '../../test/factories/calendar.js';
import { makeCommittee, type CommitteeRow } from '../../test/factories/committees.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';

/** A minimal iCalendar reader: unfolds lines and nests components, each a list of its properties. */
interface Component {
  type: string;
  props: { name: string; params: Record<string, string>; value: string }[];
  children: Component[];
}
function parseIcs(text: string): Component {
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split(/\r\n/)
    .filter(Boolean);
  const root: Component = { type: 'ROOT', props: [], children: [] };
  const stack = [root];
  for (const line of lines) {
    const colon = line.indexOf(':');
    const [head, value] = [line.slice(0, colon), line.slice(colon + 1)];
    const [name, ...paramText] = head.split(';');
    if (name === 'BEGIN') {
      const c: Component = { type: value, props: [], children: [] };
      stack.at(-1)!.children.push(c);
      stack.push(c);
    } else if (name === 'END') {
      expect(stack.pop()!.type).toBe(value);
    } else {
      stack.at(-1)!.props.push({
        name: name!,
        params: Object.fromEntries(paramText.map((p) => p.split('=') as [string, string])),
        value,
      });
    }
  }
  expect(stack).toHaveLength(1);
  return root.children[0]!;
}
const prop = (c: Component, name: string) => c.props.find((p) => p.name === name);
/** One property of each event of a feed's text, in order. */
const eventValues = (ics: string, name: string) =>
  parseIcs(ics)
    .children.filter((c) => c.type === 'VEVENT')
    .map((e) => prop(e, name)?.value);

type Signed = Awaited<ReturnType<typeof makeSignedIn>>;
let t: TestApp;
let member: Signed;
let chemical: CommitteeRow;
let biological: CommitteeRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  const admin = await makeSignedIn(db, { roles: ['CM'] });
  member = await makeSignedIn(db, { roles: ['CM'] });
  const stranger = await makeSignedIn(db, { roles: ['CM'] });
  chemical = await makeCommittee(db, {
    name: 'Chemical Testing Committee',
    admin: admin.user,
    members: [{ user: member.user }],
  });
  biological = await makeCommittee(db, { name: 'Biological Testing Committee', admin: member.user });
  const other = await makeCommittee(db, { name: 'Other Committee', admin: stranger.user });
  const soon = new Date().getFullYear() + 1;
  await makeEvent(db, {
    committee: chemical,
    creator: admin.user,
    title: 'Committee meeting',
    start: `${soon}-01-15 09:30:00`,
    end: `${soon}-01-15 11:00:00`,
  });
  await makeEvent(db, {
    committee: biological,
    creator: member.user,
    title: 'Workshop',
    start: `${soon}-06-05 00:00:00`,
    end: `${soon}-06-07 00:00:00`,
    allDay: true,
  });
  await makeEvent(db, {
    committee: other,
    creator: stranger.user,
    title: 'Not theirs',
    start: `${soon}-01-16 09:00:00`,
    end: `${soon}-01-16 10:00:00`,
  });
});
afterAll(() => t.close());

const feedAddress = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/calendar/feed', headers: auth(token) })).json<CalendarFeed>().url;
const open = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('the personal calendar feed', () => {
  it('gives a secret address that opens without a bearer token, holding the events of every committee of the user', async () => {
    const url = await feedAddress(member.token);
    expect(url).toMatch(/^http:\/\/portal\.test\/api\/calendar\/ics\/\d+\.[A-Za-z0-9_-]{40,}\.ics$/);
    expect(await feedAddress(member.token)).toBe(url);
    const res = await open(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const cal = parseIcs(res.body);
    expect(cal.type).toBe('VCALENDAR');
    expect(prop(cal, 'X-WR-TIMEZONE')?.value).toBe('Australia/Sydney');
    expect(
      cal.children.find((c) => c.type === 'VTIMEZONE') &&
        prop(
          cal.children.find((c) => c.type === 'VTIMEZONE')!,
          'TZID',
        )?.value,
    ).toBe('Australia/Sydney');
    const vevents = cal.children.filter((c) => c.type === 'VEVENT');
    expect(vevents.map((e) => prop(e, 'SUMMARY')?.value)).toEqual(['Committee meeting', 'Workshop']);
    const soon = new Date().getFullYear() + 1;
    const [meeting, workshop] = vevents as [Component, Component];
    expect(prop(meeting, 'DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'Australia/Sydney' },
      value: `${soon}0115T093000`,
    });
    expect(prop(meeting, 'DTEND')?.value).toBe(`${soon}0115T110000`);
    expect(prop(workshop, 'DTSTART')).toEqual({ name: 'DTSTART', params: { VALUE: 'DATE' }, value: `${soon}0605` });
    expect(prop(workshop, 'DTEND')?.value).toBe(`${soon}0607`);
    // RFC 5545: DTSTAMP in UTC; each stamp is the event's last change.
    const changed = await t.database.db
      .select({ title: events.title, updatedAt: events.updatedAt })
      .from(events)
      .where(eq(events.title, 'Committee meeting'));
    const utc = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(prop(meeting, 'DTSTAMP')?.value).toBe(utc(changed[0]!.updatedAt));
    expect(prop(meeting, 'LAST-MODIFIED')?.value).toBe(utc(changed[0]!.updatedAt));
    for (const e of vevents) {
      expect(prop(e, 'DTSTAMP')?.value).toMatch(/^\d{8}T\d{6}Z$/);
      const alarm = e.children.find((c) => c.type === 'VALARM')!;
      expect(prop(alarm, 'TRIGGER')?.value).toBe('-P1D');
      expect(prop(alarm, 'ACTION')?.value).toBe('DISPLAY');
    }
  });

  it('answers 304 to the ETag it gave while nothing changes, and the new text once an event or its committee does', async () => {
    const url = await feedAddress(member.token);
    const first = await open(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // Written once, answered the same: byte for byte, with the same validator.
    const again = await open(url);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    const ask = (tag: string, address = url) =>
      t.app.inject({ method: 'GET', url: new URL(address).pathname, headers: { 'if-none-match': tag } });
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const unchanged = await ask(tag);
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.body).toBe('');
      expect(unchanged.headers.etag).toBe(etag);
    }
    expect((await ask('"other"')).statusCode).toBe(200);
    // The validator is no way in: a forged address is 404 whatever it sends.
    const forged = url.replace(/\.[A-Za-z0-9_-]+\.ics$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics');
    expect((await ask('*', forged)).statusCode).toBe(404);

    // A title changed in place (its stamp left as it was) and a committee renamed: both are new text.
    await t.database.db
      .update(events)
      .set({ title: 'Committee meeting (moved)' })
      .where(eq(events.title, 'Committee meeting'));
    const retitled = await ask(etag);
    expect(retitled.statusCode).toBe(200);
    expect(retitled.headers.etag).not.toBe(etag);
    expect(eventValues(retitled.body, 'SUMMARY')).toEqual(['Committee meeting (moved)', 'Workshop']);
    await t.database.db
      .update(committees)
      .set({ name: 'Biological Committee' })
      .where(eq(committees.id, biological.id));
    const renamed = await open(url);
    expect(renamed.headers.etag).not.toBe(retitled.headers.etag);
    expect(eventValues(renamed.body, 'DESCRIPTION')).toEqual(['Chemical Testing Committee', 'Biological Committee']);
    await t.database.db
      .update(events)
      .set({ title: 'Committee meeting' })
      .where(eq(events.title, 'Committee meeting (moved)'));
    await t.database.db.update(committees).set({ name: biological.name }).where(eq(committees.id, biological.id));
    // Back as it was: the first text and validator again.
    const restored = await open(url);
    expect(restored.body).toBe(first.body);
    expect(restored.headers.etag).toBe(etag);
  });

  it('stops working when reset; the new address works', async () => {
    const old = await feedAddress(member.token);
    const reset = await t.app.inject({ method: 'POST', url: '/api/calendar/feed/reset', headers: auth(member.token) });
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json<CalendarFeed>().url;
    expect(fresh).not.toBe(old);
    expect((await open(old)).statusCode).toBe(404);
    expect((await open(fresh)).statusCode).toBe(200);
    expect(await feedAddress(member.token)).toBe(fresh);
  });

  it("leaves out a committee's events once the user leaves it, and stops for a deactivated user", async () => {
    const url = await feedAddress(member.token);
    await t.database.db
      .delete(committeeMembers)
      .where(and(eq(committeeMembers.userId, member.user.id), eq(committeeMembers.committeeId, chemical.id)));
    const cal = parseIcs((await open(url)).body);
    expect(cal.children.filter((c) => c.type === 'VEVENT').map((e) => prop(e, 'SUMMARY')?.value)).toEqual(['Workshop']);
    await t.database.db.update(users).set({ activated: false }).where(eq(users.id, member.user.id));
    expect((await open(url)).statusCode).toBe(404);
  });

  it('answers 404 to a forged or malformed address, and 401 to the address calls without a token', async () => {
    const other = await makeSignedIn(t.database.db, { roles: ['CM'] });
    const url = new URL(await feedAddress(other.token)).pathname;
    const [id, mac] = url.split('/').at(-1)!.replace('.ics', '').split('.') as [string, string];
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/calendar/ics/${member.user.id}.${mac}.ics` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/calendar/ics/${id}.${mac.slice(0, -2)}xx.ics` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/ics/nothing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/feed' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/calendar/feed/reset' })).statusCode).toBe(401);
  });
});

describe('ical-generator', () => {
  it('still writes a calendar with a zone of its own with floating stamps (writeFeed names the zone on each event for this: once this fails, the calendar can name it again)', async () => {
    const { default: ical } = await import('ical-generator');
    const cal = ical({ timezone: { name: 'Australia/Sydney' } });
    cal.createEvent({ start: new Date('2030-01-01T00:00:00Z'), stamp: new Date('2030-01-01T00:00:00Z') });
    expect(cal.toString()).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}\r\n/);
  });
});
