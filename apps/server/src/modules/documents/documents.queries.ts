import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { arSites, jobAssessors, jobDocuments, jobs, siteDocuments, users } from '../../db/schema/index.js';
import { assessesJob, representsSite } from '../../platform/policy.js';
import { prepared } from '../../platform/prepared.js';

type Q = Db | Tx;
export type JobDocumentRow = typeof jobDocuments.$inferSelect;
export type SiteDocumentRow = typeof siteDocuments.$inferSelect;
export interface Uploader {
  firstName: string;
  lastName: string;
}

/** The job and the sides of it the user is on, or null when there is no such job. */
export async function findJobSides(db: Q, userId: number, jobId: number) {
  const statement = prepared(db, 'job_sides', (name) =>
    db
      .select({
        id: jobs.id,
        jobNumber: jobs.jobNumber,
        siteId: jobs.siteId,
        onFacilitySide: sql<boolean>`${representsSite(sql.placeholder('userId'), jobs.siteId)}`,
        onAssessorSide: sql<boolean>`${assessesJob(sql.placeholder('userId'), jobs.id)}`,
      })
      .from(jobs)
      .where(eq(jobs.id, sql.placeholder('jobId')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ userId, jobId });
  return row ?? null;
}

const uploader = { firstName: users.firstName, lastName: users.lastName };

export function listJobDocuments(db: Q, jobId: number, side: 'facility' | 'assessor', page: number, perPage: number) {
  const statement = prepared(db, 'job_documents_page', (name) =>
    db
      .select({ doc: jobDocuments, user: uploader })
      .from(jobDocuments)
      .leftJoin(users, eq(users.id, jobDocuments.uploadedBy))
      .where(and(eq(jobDocuments.jobId, sql.placeholder('jobId')), eq(jobDocuments.side, sql.placeholder('side'))))
      .orderBy(asc(jobDocuments.createdAt), asc(jobDocuments.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  return statement.execute({ jobId, side, limit: perPage, offset: (page - 1) * perPage });
}

export async function countJobDocuments(db: Q, jobId: number) {
  const statement = prepared(db, 'job_documents_count', (name) =>
    db
      .select({ side: jobDocuments.side, n: sql<number>`count(*)::int` })
      .from(jobDocuments)
      .where(eq(jobDocuments.jobId, sql.placeholder('jobId')))
      .groupBy(jobDocuments.side)
      .prepare(name),
  );
  const rows = await statement.execute({ jobId });
  return { facility: rows.find((r) => r.side === 'facility')?.n ?? 0, assessor: rows.find((r) => r.side === 'assessor')?.n ?? 0 };
}

/** The document, its uploader and the sides of its job the user is on. */
export async function findJobDocument(db: Q, userId: number, id: number) {
  const [row] = await db
    .select({
      doc: jobDocuments,
      user: uploader,
      jobNumber: jobs.jobNumber,
      siteId: jobs.siteId,
      onFacilitySide: sql<boolean>`${representsSite(userId, jobs.siteId)}`,
      onAssessorSide: sql<boolean>`${assessesJob(userId, jobs.id)}`,
    })
    .from(jobDocuments)
    .innerJoin(jobs, eq(jobs.id, jobDocuments.jobId))
    .leftJoin(users, eq(users.id, jobDocuments.uploadedBy))
    .where(eq(jobDocuments.id, id))
    .limit(1);
  return row ?? null;
}

/** Of the ids, the job documents whose job the visibility condition lets through. */
export function findJobDocumentsWhere(db: Q, ids: number[], visible: (jobId: unknown, siteId: unknown) => ReturnType<typeof sql>) {
  return db
    .select({ doc: jobDocuments })
    .from(jobDocuments)
    .innerJoin(jobs, eq(jobs.id, jobDocuments.jobId))
    .where(and(inArray(jobDocuments.id, ids), visible(jobs.id, jobs.siteId)))
    .orderBy(asc(jobDocuments.createdAt), asc(jobDocuments.id));
}

export async function jobDocumentNameTaken(db: Q, jobId: number, name: string) {
  const [row] = await db
    .select({ id: jobDocuments.id })
    .from(jobDocuments)
    .where(and(eq(jobDocuments.jobId, jobId), eq(jobDocuments.name, name)))
    .limit(1);
  return !!row;
}

export async function insertJobDocument(db: Q, values: typeof jobDocuments.$inferInsert) {
  const [row] = await db.insert(jobDocuments).values(values).returning();
  return row!;
}

export async function reviewJobDocument(db: Q, id: number, comment: string, reviewerId: number) {
  const [row] = await db
    .update(jobDocuments)
    .set({ reviewedComment: comment, reviewedBy: reviewerId, reviewedAt: new Date() })
    .where(eq(jobDocuments.id, id))
    .returning();
  return row!;
}

export async function assessorIdsOf(db: Q, jobId: number) {
  const rows = await db.select({ id: jobAssessors.userId }).from(jobAssessors).where(eq(jobAssessors.jobId, jobId));
  return rows.map((r) => r.id);
}

export async function representativeIdsOf(db: Q, siteId: number) {
  const rows = await db.select({ id: arSites.userId }).from(arSites).where(eq(arSites.siteId, siteId));
  return rows.map((r) => r.id);
}

// Site documents

export async function findSiteRepresented(db: Q, userId: number, siteId: number) {
  const [row] = await db
    .select({ id: arSites.siteId })
    .from(arSites)
    .where(and(eq(arSites.siteId, siteId), eq(arSites.userId, userId)))
    .limit(1);
  return !!row;
}

export function listSiteDocuments(db: Q, siteId: number, side: 'facility' | 'body', page: number, perPage: number) {
  return db
    .select({ doc: siteDocuments, user: uploader })
    .from(siteDocuments)
    .leftJoin(users, eq(users.id, siteDocuments.uploadedBy))
    .where(and(eq(siteDocuments.siteId, siteId), eq(siteDocuments.side, side)))
    .orderBy(asc(siteDocuments.createdAt), asc(siteDocuments.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

export async function countSiteDocuments(db: Q, siteId: number) {
  const rows = await db
    .select({ side: siteDocuments.side, n: sql<number>`count(*)::int` })
    .from(siteDocuments)
    .where(eq(siteDocuments.siteId, siteId))
    .groupBy(siteDocuments.side);
  return { facility: rows.find((r) => r.side === 'facility')?.n ?? 0, body: rows.find((r) => r.side === 'body')?.n ?? 0 };
}

/** A site document when the user represents its site, else null. */
export async function findRepresentedSiteDocument(db: Q, userId: number, id: number) {
  const [row] = await db
    .select({ doc: siteDocuments })
    .from(siteDocuments)
    .where(and(eq(siteDocuments.id, id), representsSite(userId, siteDocuments.siteId)))
    .limit(1);
  return row?.doc ?? null;
}

export function findRepresentedSiteDocuments(db: Q, userId: number, ids: number[]) {
  return db
    .select()
    .from(siteDocuments)
    .where(and(inArray(siteDocuments.id, ids), representsSite(userId, siteDocuments.siteId)))
    .orderBy(asc(siteDocuments.createdAt), asc(siteDocuments.id));
}

export async function siteDocumentNameTaken(db: Q, siteId: number, name: string) {
  const [row] = await db
    .select({ id: siteDocuments.id })
    .from(siteDocuments)
    .where(and(eq(siteDocuments.siteId, siteId), eq(siteDocuments.name, name)))
    .limit(1);
  return !!row;
}

export async function insertSiteDocument(db: Q, values: typeof siteDocuments.$inferInsert) {
  const [row] = await db.insert(siteDocuments).values(values).returning();
  return row!;
}
