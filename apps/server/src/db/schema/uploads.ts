import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * What each user has uploaded in their current hour (platform/uploads.ts): one row per user, its
 * window starting at the first upload after the previous window ended. Charged and checked in one
 * statement, so parallel uploads (and several server processes) cannot pass the limit together.
 */
export const uploadVolumes = pgTable('upload_volumes', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
  bytes: bigint({ mode: 'number' }).notNull().default(0),
});
