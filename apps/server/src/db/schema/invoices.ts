import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { facilities } from './facilities.js';

/** The body's invoices; transaction_number is the back office's key. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    transactionNumber: text().notNull().unique(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    transactionType: text().notNull(),
    transactionDate: date({ mode: 'string' }).notNull(),
    jobNumber: text(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    status: text({ enum: ['outstanding', 'paid'] })
      .notNull()
      .default('outstanding'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_facility_idx').on(t.facilityId, t.status, t.transactionDate.desc()),
    check('invoices_status_check', sql`${t.status} in ('outstanding', 'paid')`),
  ],
);
