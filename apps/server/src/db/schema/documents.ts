import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sites } from './facilities.js';
import { jobs } from './jobs.js';
import { users } from './users.js';

/**
 * Documents exchanged on a job. side says who sent it: 'facility' (an AR) or 'assessor' (TA, LA);
 * the other side receives it. The file lives in Storage under storage_key; the row commits only
 * once the file is complete. A review adds a comment and a date, nothing else changes.
 */
export const jobDocuments = pgTable(
  'job_documents',
  {
    id: serial().primaryKey(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull(),
    storageKey: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    mimeType: text().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    uploaderRole: text().notNull(),
    side: text({ enum: ['facility', 'assessor'] }).notNull(),
    reviewedComment: text(),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_documents_job_name_idx').on(t.jobId, t.name),
    index('job_documents_job_created_idx').on(t.jobId, t.side, t.createdAt),
  ],
);

/** Site documents: 'facility' ones the AR submitted, 'body' ones the accreditation body sent. */
export const siteDocuments = pgTable(
  'site_documents',
  {
    id: serial().primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull(),
    storageKey: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    mimeType: text().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    side: text({ enum: ['facility', 'body'] }).notNull(),
    reviewedComment: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_documents_site_name_idx').on(t.siteId, t.name),
    index('site_documents_site_created_idx').on(t.siteId, t.side, t.createdAt),
  ],
);
