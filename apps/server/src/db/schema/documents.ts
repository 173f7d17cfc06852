import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './facilities.js';
import { files } from './files.js';
import { jobs } from './jobs.js';
import { users } from './users.js';

/**
 * Documents exchanged on a job. side says who sent it: 'facility' (an AR) or 'assessor' (TA, LA);
 * the other side receives it. The file (name, size, uploader, time) is a row of files; a name is
 * unique per job, checked under a lock of the job's row (documents.queries.ts). A review adds a
 * comment and a date, nothing else changes.
 */
export const jobDocuments = pgTable(
  'job_documents',
  {
    id: serial().primaryKey(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .unique()
      .references(() => files.id),
    description: text().notNull(),
    uploaderRole: text().notNull(),
    side: text({ enum: ['facility', 'assessor'] }).notNull(),
    reviewedComment: text(),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('job_documents_job_side_idx').on(t.jobId, t.side)],
);

/** Site documents: 'facility' ones the AR submitted, 'body' ones the accreditation body sent. */
export const siteDocuments = pgTable(
  'site_documents',
  {
    id: serial().primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .unique()
      .references(() => files.id),
    description: text().notNull(),
    side: text({ enum: ['facility', 'body'] }).notNull(),
    reviewedComment: text(),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('site_documents_site_side_idx').on(t.siteId, t.side)],
);
