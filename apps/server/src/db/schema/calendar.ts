import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { committees, users } from './users.js';

/**
 * A committee's calendar events. Times are instants (timestamptz); the API reads and writes them as
 * Australia/Sydney wall-clock text ('YYYY-MM-DD HH:mm:ss'), converted in SQL. An all-day event runs
 * from a Sydney midnight to a later one (the end is exclusive, as FullCalendar and iCalendar count it).
 */
export const events = pgTable(
  'events',
  {
    id: serial().primaryKey(),
    committeeId: integer()
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    allDay: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_committee_starts_idx').on(t.committeeId, t.startsAt)],
);

/**
 * A user's personal calendar feed: the address is derived from the user id and `secret` with the
 * app's key (platform/tokens), so the database never holds the address itself. 'Reset link' draws
 * a new secret, which ends the old address.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
