import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.js';

/**
 * The durable outbox of mail that is not a sign-in code (DESIGN "Notification events"): a row is
 * written in the transaction of the notification it carries, and the worker (platform/outbox.ts)
 * sends it after commit, with retries and backoff, marking it sent once the SMTP server took it.
 * status: pending (to send), held (waits for the user's daily digest), sent, merged (went out in a
 * digest), failed (gave up after the last try). locked_until is the lease of the worker sending it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text().notNull(),
    /** The kind of notification (its unsubscribe link names it). */
    kind: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** The notification's link inside the portal ('/publications/12'), made absolute when sent. */
    url: text(),
    status: text({ enum: ['pending', 'held', 'sent', 'merged', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_held_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.status} = 'held'`),
  ],
);

/**
 * How a user takes notification mail: 'each' one as it comes (the default, also when there is no
 * row) or a daily 'digest'; and the kinds they unsubscribed from by a mail's link.
 */
export const emailSettings = pgTable('email_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  frequency: text({ enum: ['each', 'digest'] })
    .notNull()
    .default('each'),
  unsubscribed: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
