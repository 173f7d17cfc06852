import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './facilities.js';
import { users } from './users.js';

/** Assessment visits; job_number is the back office's key. status 1-4 (JOB_STATUS), stage one of JOB_STAGES. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial().primaryKey(),
    jobNumber: text().notNull().unique(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    status: smallint().notNull().default(1),
    stage: text().notNull().default('Initiation'),
    visitDate: date({ mode: 'string' }),
    jobDetails: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_site_idx').on(t.siteId, t.visitDate.desc()),
    check('jobs_status_check', sql`${t.status} between 1 and 4`),
    check('jobs_stage_check', sql`${t.stage} in ('Initiation', 'Preparation', 'Assessment', 'Submission', 'Decision')`),
  ],
);

/** The assessors on a job: one lead assessor at most, and further technical assessors. */
export const jobAssessors = pgTable(
  'job_assessors',
  {
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isLead: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.userId] }),
    index('job_assessors_user_idx').on(t.userId, t.jobId),
    uniqueIndex('job_assessors_one_lead_idx')
      .on(t.jobId)
      .where(sql`${t.isLead}`),
  ],
);
