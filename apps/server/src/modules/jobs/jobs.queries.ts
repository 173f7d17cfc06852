import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { facilities, jobAssessors, jobs, sites, users } from '../../db/schema/index.js';
import { assessesJob, assignedJobIds, representedSiteIds, representsSite } from '../../platform/policy.js';

type Q = Db | Tx;

export interface JobFilters {
  type?: 'RES' | 'Other';
  status?: number;
  visitDate?: string;
  siteId?: number;
}

/** The jobs one side of a user sees: the facility side by represented site, the assessor side by assignment. */
export function scopeOf(side: 'facility' | 'assessor', userId: number): SQL {
  return side === 'facility' ? inArray(jobs.siteId, representedSiteIds(userId)) : inArray(jobs.id, assignedJobIds(userId));
}

function filtersOf(f: JobFilters): SQL | undefined {
  return and(
    f.type === 'RES' ? eq(jobs.type, 'RES') : f.type === 'Other' ? ne(jobs.type, 'RES') : undefined,
    f.status !== undefined ? eq(jobs.status, f.status) : undefined,
    f.visitDate !== undefined ? eq(jobs.visitDate, f.visitDate) : undefined,
    f.siteId !== undefined ? eq(jobs.siteId, f.siteId) : undefined,
  );
}

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
  const where = and(scopeOf(side, userId), filtersOf(f));
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(jobs)
      .innerJoin(sites, eq(sites.id, jobs.siteId))
      .innerJoin(facilities, eq(facilities.id, sites.facilityId))
      .where(where)
      .orderBy(sql`${jobs.visitDate} desc nulls last`, desc(jobs.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
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
