import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
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

/**
 * The log of notifications an admin sent to groups (Past Notifications): one row per send, with
 * whom it went to in words and how many received it. reminders: [{ sent_on, sent_to }] (none yet).
 *
 * It is also the fan-out's queue: the call writes the row 'queued' with the recipients' selection
 * and answers; a worker (notices.fanout.ts) writes every recipient's notification and mail, and
 * marks it 'sent' with the count reached, in one transaction.
 */
export const sentNotifications = pgTable(
  'sent_notifications',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    body: text().notNull(),
    senderName: text().notNull(),
    senderEmail: text().notNull(),
    /** 'groups' (a SYSADMIN's AR, TA, CM) or 'assessors' (a TA_ADMIN's report users or all TAs). */
    audience: text({ enum: ['groups', 'assessors'] }).notNull(),
    /** What was picked: { send_to, committee_ids?, months?, options? }. */
    sendTo: jsonb().notNull(),
    sentToText: text().notNull(),
    recipients: integer().notNull(),
    reminders: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sentBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** 'queued' until its notifications and mails are written (rows logged before the queue are 'sent'). */
    status: text({ enum: ['queued', 'sent'] })
      .notNull()
      .default('sent'),
    /** Whom the fan-out reaches: the Audience of notifications.queries.ts (null on rows logged before the queue). */
    selection: jsonb(),
    /** Failed fan-outs so far; the next try waits until nextAttemptAt. */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    fannedOutAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('sent_notifications_audience_created_idx').on(t.audience, t.createdAt.desc()),
    index('sent_notifications_queued_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'queued'`),
  ],
);
