import { and, desc, eq, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { facilities, jobAssessors, jobs, sites, users } from '../../db/schema/index.js';
import { assessesJob, assignedJobIds, representedSiteIds, representsSite } from '../../platform/policy.js';
import { prepared } from '../../platform/prepared.js';

type Q = Db | Tx;

export interface JobFilters {
  type?: 'RES' | 'Other';
  status?: number;
  visitDate?: string;
  siteId?: number;
}

/** The jobs one side of a user sees: the facility side by represented site, the assessor side by assignment. */
export function scopeOf(side: 'facility' | 'assessor', userId: number | Placeholder): SQL {
  return side === 'facility' ? inArray(jobs.siteId, representedSiteIds(userId)) : inArray(jobs.id, assignedJobIds(userId));
}

/** The filters present, with placeholders for their values (the shape goes into the statement's key). */
function filtersOf(f: JobFilters): SQL | undefined {
  return and(
    f.type === 'RES' ? eq(jobs.type, 'RES') : f.type === 'Other' ? ne(jobs.type, 'RES') : undefined,
    f.status !== undefined ? eq(jobs.status, sql.placeholder('status')) : undefined,
    f.visitDate !== undefined ? eq(jobs.visitDate, sql.placeholder('visitDate')) : undefined,
    f.siteId !== undefined ? eq(jobs.siteId, sql.placeholder('siteId')) : undefined,
  );
}

const shapeOf = (side: string, f: JobFilters) =>
  `jobs_${side}_${f.type ?? ''}${f.status !== undefined ? 's' : ''}${f.visitDate !== undefined ? 'd' : ''}${f.siteId !== undefined ? 'i' : ''}`;

const summaryColumns = {
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

export type JobRow = Awaited<ReturnType<typeof listJobs>>['rows'][number];

/** A page of jobs, newest visit first, and how many match. */
export async function listJobs(db: Q, side: 'facility' | 'assessor', userId: number, f: JobFilters, page: number, perPage: number) {
  const key = shapeOf(side, f);
  const where = () => and(scopeOf(side, sql.placeholder('userId')), filtersOf(f));
  const pageQuery = prepared(db, `${key}_page`, (name) =>
    db
      .select(summaryColumns)
      .from(jobs)
      .innerJoin(sites, eq(sites.id, jobs.siteId))
      .innerJoin(facilities, eq(facilities.id, sites.facilityId))
      .where(where())
      .orderBy(sql`${jobs.visitDate} desc nulls last`, desc(jobs.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const countQuery = prepared(db, `${key}_count`, (name) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(where())
      .prepare(name),
  );
  const values = { userId, status: f.status, visitDate: f.visitDate, siteId: f.siteId, limit: perPage, offset: (page - 1) * perPage };
  const [rows, [count]] = await Promise.all([pageQuery.execute(values), countQuery.execute(values)]);
  return { rows, total: count?.n ?? 0 };
}

/** A job with the sides the user is on (facility: represents its site; assessor: assigned to it). */
export async function findJobWithSides(db: Q, userId: number, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      onFacilitySide: sql<boolean>`${representsSite(userId, jobs.siteId)}`,
      onAssessorSide: sql<boolean>`${assessesJob(userId, jobs.id)}`,
    })
    .from(jobs)
    .innerJoin(sites, eq(sites.id, jobs.siteId))
    .innerJoin(facilities, eq(facilities.id, sites.facilityId))
    .where(eq(jobs.id, id))
    .limit(1);
  return row ?? null;
}

export async function findLeadAssessor(db: Q, jobId: number) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, phone: users.mobileNumber, email: users.email })
    .from(jobAssessors)
    .innerJoin(users, eq(users.id, jobAssessors.userId))
    .where(and(eq(jobAssessors.jobId, jobId), eq(jobAssessors.isLead, true)))
    .limit(1);
  return row ?? null;
}
