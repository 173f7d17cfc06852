import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The development mailbox: mail and SMS kept here when MAIL_URL / SMS_URL are not set. */
export const devMessages = pgTable('dev_messages', {
  id: serial().primaryKey(),
  kind: text({ enum: ['email', 'sms'] }).notNull(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
