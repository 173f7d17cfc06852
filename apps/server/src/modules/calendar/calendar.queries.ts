import { and, asc, eq, gt, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { TIMEZONE } from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { calendarFeeds, committeeMembers, committees, events, users } from '../../db/schema/index.js';
import type { Scope } from '../../platform/access.js';
import { statement } from '../../platform/prepared.js';

/** Sydney wall-clock text to an instant, and back (DESIGN "Data": shown in Australia/Sydney). */
export const fromLocal = (local: string | Placeholder): SQL =>
  sql`(${local}::timestamp at time zone ${sql.raw(`'${TIMEZONE}'`)})`;
const toLocal = (column: SQL | typeof events.startsAt | typeof events.endsAt) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${TIMEZONE}'`)}, 'YYYY-MM-DD HH24:MI:SS')`;

const eventColumns = {
  id: events.id,
  title: events.title,
  start: toLocal(events.startsAt),
  end: toLocal(events.endsAt),
  allDay: events.allDay,
  committeeId: events.committeeId,
  createdBy: events.createdBy,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
};

export interface EventRow {
  id: number;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  committeeId: number;
  createdBy: number | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
}

export interface EventFilter {
  /** The rule's scope ('calendar.event.list', with ME for its user): the events the user may read. */
  scope: Scope;
  committeeId: number;
  /** Sydney wall-clock bounds: events overlapping [start, end). */
  start?: string;
  end?: string;
  /** Only events starting now or later. */
  upcoming?: boolean;
  /** Words that must all be in the title (the search of future events). */
  words?: string[];
  limit: number;
}

const escapeLike = (w: string) => w.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The placeholder of the listing user in the statement and its scope. */
export const ME = 'me';

/**
 * A listed event selected as the answer writes it (CalendarEvent: its keys, the creator nested and
 * null when none), so the prepared statement's row is the answer's row; `abilities` is filled by
 * the service (the rule is the policy's, judged once for the user's own events and once for the
 * others'), written null here so every row has the answer's shape from the start.
 */
const listedEvent = (me: Placeholder) => ({
  id: events.id,
  title: events.title,
  start: toLocal(events.startsAt),
  end: toLocal(events.endsAt),
  allDay: events.allDay,
  committee_id: events.committeeId,
  isCreatedBy: sql<boolean>`coalesce(${events.createdBy} = ${me}, false)`,
  creator: { id: users.id, first_name: users.firstName, last_name: users.lastName },
  abilities: sql<null>`null`,
});

/** What decides the list's SQL: the scope's form and which filters are present (never their values). */
interface ListShape {
  scope: Scope;
  start: boolean;
  end: boolean;
  upcoming: boolean;
  words: number;
}

const listStatement = statement((db, shape: ListShape) => {
  const conditions: SQL[] = [eq(events.committeeId, sql.placeholder('committeeId')), shape.scope.where];
  if (shape.start) conditions.push(gt(events.endsAt, fromLocal(sql.placeholder('start'))));
  if (shape.end) conditions.push(lt(events.startsAt, fromLocal(sql.placeholder('end'))));
  if (shape.upcoming || shape.words > 0) conditions.push(gte(events.startsAt, sql`now()`));
  for (let i = 0; i < shape.words; i++) conditions.push(sql`${events.title} ilike ${sql.placeholder(`w${i}`)}`);
  return db
    .select(listedEvent(sql.placeholder(ME)))
    .from(events)
    .leftJoin(users, eq(users.id, events.createdBy))
    .where(and(...conditions))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(sql.placeholder('limit'));
});

export type ListedEvent = Awaited<ReturnType<ReturnType<typeof listStatement>['execute']>>[number];

/** A committee's events by start (one statement, the creator's name joined). */
export function listEvents(db: Db | Tx, me: number, f: EventFilter): Promise<ListedEvent[]> {
  const words = f.words ?? [];
  const shape: ListShape = {
    scope: f.scope,
    start: f.start !== undefined,
    end: f.end !== undefined,
    upcoming: f.upcoming === true,
    words: words.length,
  };
  const values: Record<string, unknown> = {
    [ME]: me,
    committeeId: f.committeeId,
    start: f.start,
    end: f.end,
    limit: f.limit,
  };
  words.forEach((w, i) => (values[`w${i}`] = `%${escapeLike(w)}%`));
  return listStatement(db, shape).execute(values);
}

export async function findEvent(db: Db | Tx, id: number): Promise<EventRow | null> {
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .leftJoin(users, eq(users.id, events.createdBy))
    .where(eq(events.id, id));
  return row ?? null;
}

export async function findCommitteeName(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ id: committees.id, name: committees.name })
    .from(committees)
    .where(eq(committees.id, id));
  return row ?? null;
}

export interface EventValues {
  title: string;
  start: string;
  end: string;
  allDay: boolean;
}

export async function insertEvent(tx: Tx, committeeId: number, createdBy: number, v: EventValues): Promise<number> {
  const [row] = await tx
    .insert(events)
    .values({
      committeeId,
      createdBy,
      title: v.title,
      startsAt: fromLocal(v.start),
      endsAt: fromLocal(v.end),
      allDay: v.allDay,
    })
    .returning({ id: events.id });
  return row!.id;
}

export async function updateEvent(tx: Tx, id: number, v: EventValues): Promise<void> {
  await tx
    .update(events)
    .set({
      title: v.title,
      startsAt: fromLocal(v.start),
      endsAt: fromLocal(v.end),
      allDay: v.allDay,
      updatedAt: sql`now()`,
    })
    .where(eq(events.id, id));
}

export async function deleteEvent(db: Db | Tx, id: number): Promise<void> {
  await db.delete(events).where(eq(events.id, id));
}

// The personal feed.

const feedById = statement((db) =>
  db
    .select({ userId: calendarFeeds.userId, secret: calendarFeeds.secret, activated: users.activated })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.userId, sql.placeholder('userId'))),
);

export async function findFeed(db: Db | Tx, userId: number) {
  const [row] = await feedById(db, {}).execute({ userId });
  return row ?? null;
}

/** The user's feed secret, made on first use (parallel first calls keep one). */
export async function ensureFeed(db: Db | Tx, userId: number, secret: string): Promise<string> {
  await db.insert(calendarFeeds).values({ userId, secret }).onConflictDoNothing();
  const [row] = await db
    .select({ secret: calendarFeeds.secret })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row!.secret;
}

export async function resetFeed(db: Db | Tx, userId: number, secret: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { secret, createdAt: sql`now()` } });
}

export interface FeedEventRow {
  id: number;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  updatedAt: Date;
  committeeName: string;
}

const feedEvents = statement((db) =>
  db
    .select({
      id: events.id,
      title: events.title,
      start: toLocal(events.startsAt),
      end: toLocal(events.endsAt),
      allDay: events.allDay,
      updatedAt: events.updatedAt,
      committeeName: committees.name,
    })
    .from(events)
    .innerJoin(
      committeeMembers,
      and(eq(committeeMembers.committeeId, events.committeeId), eq(committeeMembers.userId, sql.placeholder('userId'))),
    )
    // Joined (a committee a row, hashed once), not a subquery run for every event.
    .innerJoin(committees, eq(committees.id, events.committeeId))
    .where(gt(events.endsAt, sql`${sql.placeholder('since')}::timestamptz`))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(sql.placeholder('limit')),
);

/** Every event of the user's committees that ends after `since` (the feed). */
export function listFeedEvents(db: Db | Tx, userId: number, since: Date, limit: number): Promise<FeedEventRow[]> {
  return feedEvents(db, {}).execute({ userId, since: since.toISOString(), limit });
}

/** The month's and the feed's statements, for the benchmark's baseline to run their SQL (bench/baseline-sql.mjs). */
export const listStatements = { events: listStatement, feed: feedById, feedEvents };
