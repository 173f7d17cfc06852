import { and, desc, eq, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { jobStageOf, jobStatusLabel, type JobStage } from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { facilities, jobAssessors, jobs, sites, users } from '../../db/schema/index.js';
import { assessesJob, assignedJobIds, representedSiteIds, representsSite } from '../../platform/policy.js';
import type { Scope } from '../../platform/access.js';
import { decoded, statement } from '../../platform/prepared.js';
import { extend } from '../../platform/objects.js';

type Q = Db | Tx;

/** The placeholder of the listing user in the scope the service passes (scopeFor(..., sql.placeholder(ME))). */
export const ME = 'userId';

export interface JobFilters {
  type?: 'RES' | 'Other';
  status?: number;
  visitDate?: string;
  siteId?: number;
}

/**
 * The jobs one side of a user sees: the facility side by represented site, the assessor side by
 * assignment. The 'jobs.job.list' rule's scope (jobs.policy.ts).
 */
export function scopeOf(side: 'facility' | 'assessor', userId: number | Placeholder): SQL {
  return side === 'facility'
    ? inArray(jobs.siteId, representedSiteIds(userId))
    : inArray(jobs.id, assignedJobIds(userId));
}

/** What decides a list's SQL: the rule's scope ('jobs.job.list') and which filters are present (never their values). */
interface ListShape {
  scope: Scope;
  type: JobFilters['type'];
  status: boolean;
  visitDate: boolean;
  siteId: boolean;
}

/** The filters present, with placeholders for their values. */
function filtersOf(f: ListShape): SQL | undefined {
  return and(
    f.type === 'RES' ? eq(jobs.type, 'RES') : f.type === 'Other' ? ne(jobs.type, 'RES') : undefined,
    f.status ? eq(jobs.status, sql.placeholder('status')) : undefined,
    f.visitDate ? eq(jobs.visitDate, sql.placeholder('visitDate')) : undefined,
    f.siteId ? eq(jobs.siteId, sql.placeholder('siteId')) : undefined,
  );
}

/** A job with its site and facility, as the job page shows it. */
const detailColumns = {
  id: jobs.id,
  jobNumber: jobs.jobNumber,
  type: jobs.type,
  status: jobs.status,
  stage: jobs.stage,
  visitDate: jobs.visitDate,
  jobDetails: jobs.jobDetails,
  site: {
    id: sites.id,
    siteNumber: sites.siteNumber,
    name: sites.name,
    email: sites.email,
    phone: sites.phone,
    address: sites.address,
    suburb: sites.suburb,
    state: sites.state,
    postCode: sites.postCode,
  },
  facility: { id: facilities.id, facilityNumber: facilities.facilityNumber, name: facilities.name },
};

/**
 * A row of the jobs list selected as the answer writes it (JobSummary: its keys and nesting, the
 * status label and the stage as the screens read them), so the row the prepared statement maps is
 * the answer's row. Presenting Drizzle's row built a second object, and a second site and facility,
 * for every job (bench/alloc.mjs).
 */
const listRow = {
  id: jobs.id,
  job_number: jobs.jobNumber,
  type: jobs.type,
  status: jobs.status,
  status_label: decoded(sql`${jobs.status}`, (v) => jobStatusLabel(v as number)),
  stage: decoded<JobStage>(sql`${jobs.stage}`, (v) => jobStageOf(v as string)),
  visit_date: jobs.visitDate,
  site_id: jobs.siteId,
  site: { id: sites.id, site_number: sites.siteNumber, name: sites.name },
  facility_id: sites.facilityId,
  facility: { id: facilities.id, facility_number: facilities.facilityNumber, name: facilities.name },
  suburb: sites.suburb,
  state: sites.state,
};

const pageStatement = statement((db, shape: ListShape) =>
  db
    .select(listRow)
    .from(jobs)
    .innerJoin(sites, eq(sites.id, jobs.siteId))
    .innerJoin(facilities, eq(facilities.id, sites.facilityId))
    .where(and(shape.scope.where, filtersOf(shape)))
    .orderBy(sql`${jobs.visitDate} desc nulls last`, desc(jobs.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

const countStatement = statement((db, shape: ListShape) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(shape.scope.where, filtersOf(shape))),
);

/** The list's statements, for the benchmark's baseline to run their SQL (bench/baseline-sql.mjs). */
export const listStatements = { page: pageStatement, count: countStatement };

/** A page of jobs, newest visit first, and how many match: `scope` with `ME` for its user (scopeFor). */
export async function listJobs(db: Q, scope: Scope, userId: number, f: JobFilters, page: number, perPage: number) {
  const shape: ListShape = {
    scope,
    type: f.type,
    status: f.status !== undefined,
    visitDate: f.visitDate !== undefined,
    siteId: f.siteId !== undefined,
  };
  const values = {
    [ME]: userId,
    status: f.status,
    visitDate: f.visitDate,
    siteId: f.siteId,
    limit: perPage,
    offset: (page - 1) * perPage,
  };
  const [rows, [count]] = await Promise.all([
    pageStatement(db, shape).execute(values),
    countStatement(db, shape).execute(values),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export type JobDetailRow = NonNullable<Awaited<ReturnType<typeof findJobWithSides>>>;

/** A job with the sides the user is on (facility: represents its site; assessor: assigned to it). */
export async function findJobWithSides(db: Q, userId: number, id: number) {
  const [row] = await db
    .select(
      extend(detailColumns, {
        onFacilitySide: sql<boolean>`${representsSite(userId, jobs.siteId)}`,
        onAssessorSide: sql<boolean>`${assessesJob(userId, jobs.id)}`,
      }),
    )
    .from(jobs)
    .innerJoin(sites, eq(sites.id, jobs.siteId))
    .innerJoin(facilities, eq(facilities.id, sites.facilityId))
    .where(eq(jobs.id, id))
    .limit(1);
  return row ?? null;
}

export async function findLeadAssessor(db: Q, jobId: number) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.mobileNumber,
      email: users.email,
    })
    .from(jobAssessors)
    .innerJoin(users, eq(users.id, jobAssessors.userId))
    .where(and(eq(jobAssessors.jobId, jobId), eq(jobAssessors.isLead, true)))
    .limit(1);
  return row ?? null;
}
