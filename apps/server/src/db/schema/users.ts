import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    resourceId: text(),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text().notNull(),
    middleName: text(),
    lastName: text().notNull(),
    title: text(),
    mobileNumber: text(),
    address: text(),
    suburb: text(),
    state: text(),
    country: text(),
    postcode: text(),
    activated: boolean().notNull().default(true),
    /** SMS second factor: the number it goes to, once set up. */
    tfMobileNumber: text(),
    tfCompleted: boolean().notNull().default(false),
    /** False once the user chose "do not remind" for the SMS set-up. */
    tfRemind: boolean().notNull().default(true),
    /** The last sign-in (the unused-assessor report); set in the sign-in's own transaction. */
    lastUsed: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when an admin deletes the user: the row stays, anonymised, so the forum posts, documents
     * and decisions that name it keep their author, shown as a removed user (DECISIONS "Deleting a user").
     */
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * What All Users' search matches (name and email), lower-cased once when the row is written:
     * `ilike` lower-cased every row's text again at each search, five sixths of its time
     * (bench/README.md, 2026-11-29). Kept by PostgreSQL; never written by us.
     */
    searchText: text().generatedAlwaysAs(
      (): SQL => sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`,
    ),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // All Users' first page in its order, read until the page is full, and its total counted from
    // the live users' ids alone (index-only): together 8 ms for 20,000 users, where counting and
    // sorting every row in one statement took 19 (bench/README.md, 2026-11-29).
    index('users_live_name_idx')
      .on(t.lastName, t.firstName, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('users_live_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Role names come from packages/shared (ROLES); their ids are fixed there too. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const committees = pgTable('committees', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  adminId: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const committeeMembers = pgTable(
  'committee_members',
  {
    committeeId: integer()
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "User can Add Discussions to Committee Forums". */
    canWrite: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.committeeId, t.userId] }), index('committee_members_user_idx').on(t.userId)],
);
