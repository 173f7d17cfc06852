import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { committees, users } from './users.js';

/**
 * One row per recipient. role and committee_id, when set, scope a notification to the view it
 * belongs to (a CM notification of one committee is not shown in another).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    url: text(),
    role: text(),
    committeeId: integer().references(() => committees.id, { onDelete: 'cascade' }),
    sender: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc())],
);
