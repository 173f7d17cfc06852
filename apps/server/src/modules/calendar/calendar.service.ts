import {
  ABILITIES,
  CALENDAR_MESSAGES,
  LIMITS,
  addDaysLocal,
  defaultEventEnd,
  midnightOf,
  type CalendarEvent,
  type CalendarFeed,
  type EventList,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import { abilitiesOf, authorize, scopeFor } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { emit, personOf } from '../../platform/events.js';
import { newToken } from '../../platform/tokens.js';
import './calendar.policy.js';
import * as q from './calendar.queries.js';
import { feedToken } from './calendar.feed.js';

export function presentEvent(actor: Actor, e: q.EventRow): CalendarEvent {
  return {
    id: e.id,
    title: e.title,
    start: e.start,
    end: e.end,
    allDay: e.allDay,
    committee_id: e.committeeId,
    isCreatedBy: e.createdBy === actor.user.id,
    creator:
      e.createdBy !== null && e.creatorFirstName !== null
        ? { id: e.createdBy, first_name: e.creatorFirstName, last_name: e.creatorLastName ?? '' }
        : null,
    abilities: abilitiesOf(actor, ABILITIES.event, e),
  };
}

export interface ListQuery {
  committee_id: number;
  start?: string;
  end?: string;
  upcoming?: boolean;
  term?: string;
  limit: number;
}

/** GET /events?committee_id=: the committee's events (members only), and whether the user may add one. */
export async function listEvents(deps: Deps, actor: Actor, query: ListQuery): Promise<EventList> {
  const calendar = authorize(actor, 'calendar.event.list', { committeeId: query.committee_id });
  const words = query.term?.split(/\s+/).filter(Boolean);
  const rows = await q.listEvents(deps.db, actor.user.id, {
    scope: scopeFor(actor, 'calendar.event.list', sql.placeholder(q.ME)),
    committeeId: calendar.committeeId,
    start: query.start,
    end: query.end,
    upcoming: query.upcoming,
    words,
    limit: Math.min(query.limit, LIMITS.eventsPerCallMax),
  });
  // An event's abilities depend on its committee (this one) and whether the user created it: the
  // rule is asked once for each, not once a row.
  const mine = abilitiesOf(actor, ABILITIES.event, { committeeId: calendar.committeeId, createdBy: actor.user.id });
  const others = abilitiesOf(actor, ABILITIES.event, { committeeId: calendar.committeeId, createdBy: null });
  const data = rows as unknown as CalendarEvent[];
  for (let i = 0; i < data.length; i++) data[i]!.abilities = rows[i]!.isCreatedBy ? mine : others;
  return { data, abilities: abilitiesOf(actor, ABILITIES.calendar, calendar) };
}

export interface EventInput {
  title: string;
  start: string;
  end?: string | null;
  allDay: boolean;
}

/**
 * The stored times of an event: an all-day event runs from its start's midnight to the midnight at
 * or after its end (at least one day); a missing end takes the default length (spec/02 section 9).
 */
export function eventTimes(input: EventInput): q.EventValues {
  const end = input.end ?? defaultEventEnd(input.start, input.allDay);
  if (!input.allDay) return { title: input.title, start: input.start, end, allDay: false };
  const start = midnightOf(input.start);
  let endDay = midnightOf(end) === end ? end : addDaysLocal(midnightOf(end), 1);
  if (endDay <= start) endDay = addDaysLocal(start, 1);
  return { title: input.title, start, end: endDay, allDay: true };
}

/** POST /events: the committee admin adds an event; the committee's members are notified. */
export async function createEvent(deps: Deps, actor: Actor, body: EventInput & { committee_id: number }) {
  const calendar = authorize(actor, 'calendar.event.create', { committeeId: body.committee_id });
  const values = eventTimes(body);
  const id = await deps.db.transaction(async (tx) => {
    const eventId = await q.insertEvent(tx, calendar.committeeId, actor.user.id, values);
    const committee = await q.findCommitteeName(tx, calendar.committeeId);
    await emit(tx, 'calendar.event.created', {
      event: { id: eventId, title: values.title, start: values.start, allDay: values.allDay },
      committee: committee!,
      by: personOf(actor.user),
    });
    return eventId;
  });
  const row = await q.findEvent(deps.db, id);
  if (!row) throw notFound();
  return { message: CALENDAR_MESSAGES.created, event: presentEvent(actor, row) };
}

/** PUT /events/{id}: its creator changes it (the form, a drag or a resize). */
export async function updateEvent(deps: Deps, actor: Actor, id: number, body: EventInput) {
  authorize(actor, 'calendar.event.update', await q.findEvent(deps.db, id));
  const values = eventTimes(body);
  await deps.db.transaction((tx) => q.updateEvent(tx, id, values));
  // Removed meanwhile (a DELETE in parallel): gone, as for any other missing event.
  const row = await q.findEvent(deps.db, id);
  if (!row) throw notFound();
  return { message: CALENDAR_MESSAGES.updated, event: presentEvent(actor, row) };
}

/** DELETE /events/{id}: its creator removes it. */
export async function deleteEvent(deps: Deps, actor: Actor, id: number) {
  authorize(actor, 'calendar.event.delete', await q.findEvent(deps.db, id));
  await q.deleteEvent(deps.db, id);
  return { message: CALENDAR_MESSAGES.deleted };
}

/** GET /calendar/feed: the user's secret ICS address (made on first use). */
export async function getFeed(deps: Deps, actor: Actor): Promise<CalendarFeed> {
  authorize(actor, 'calendar.feed.manage');
  const secret = await q.ensureFeed(deps.db, actor.user.id, newToken());
  return { url: feedUrl(deps, actor.user.id, secret) };
}

/** POST /calendar/feed/reset: a new address; the old one stops working at once. */
export async function resetFeed(deps: Deps, actor: Actor): Promise<CalendarFeed> {
  authorize(actor, 'calendar.feed.manage');
  const secret = newToken();
  await q.resetFeed(deps.db, actor.user.id, secret);
  return { url: feedUrl(deps, actor.user.id, secret), message: CALENDAR_MESSAGES.feedReset };
}

const feedUrl = (deps: Deps, userId: number, secret: string) =>
  `${deps.config.appUrl}/api/calendar/ics/${feedToken(deps.config.secret, userId, secret)}.ics`;
