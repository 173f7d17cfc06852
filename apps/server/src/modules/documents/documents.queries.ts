import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { arSites, files, jobDocuments, jobs, siteDocuments, sites, users } from '../../db/schema/index.js';
import { assessesJob, representsSite } from '../../platform/policy.js';
import { isoTimeOf } from '../../platform/iso-time.js';
import { statement } from '../../platform/prepared.js';

type Q = Db | Tx;

/**
 * Job documents and site documents are one kind of record in two folders: a document row (its
 * folder, side, description, review) naming a row of files. Every query here serves both kinds.
 */
export type Kind = 'job' | 'site';
export type Side = 'facility' | 'assessor' | 'body';

const TABLE = { job: jobDocuments, site: siteDocuments } as const;
const FOLDER = { job: jobDocuments.jobId, site: siteDocuments.siteId } as const;

function columnsOf(kind: Kind) {
  const t = TABLE[kind];
  return {
    id: t.id,
    folderId: FOLDER[kind],
    description: t.description,
    side: t.side,
    reviewedComment: t.reviewedComment,
    reviewedAt: t.reviewedAt,
  };
}

const uploader = { firstName: users.firstName, lastName: users.lastName };

/**
 * A kind's documents with their whole files and uploaders (for sendFile and sendZip); the list
 * makes the same join for its own columns (documentsPage).
 */
function documentsWith(db: Q, kind: Kind) {
  const t = TABLE[kind];
  return db
    .select({ doc: columnsOf(kind), file: files, user: uploader })
    .from(t)
    .innerJoin(files, eq(files.id, t.fileId))
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .$dynamic();
}

export type DocumentRow = Awaited<ReturnType<typeof findDocuments>>[number];

/**
 * A listed document selected as the answer writes it (DocumentItem: its keys, the uploader as a
 * nested object, null when none, and the times as ISO text), so the row the prepared statement maps
 * is the answer's row: no presenter builds a second object, nor a Date per time.
 */
function listedDocumentOf(kind: Kind) {
  const t = TABLE[kind];
  return {
    id: t.id,
    name: files.name,
    description: t.description,
    created_at: isoTimeOf(files.createdAt),
    size: files.size,
    mime_type: files.mimeType,
    user: { first_name: users.firstName, last_name: users.lastName },
    reviewed_comment: t.reviewedComment,
    reviewed_date: isoTimeOf(t.reviewedAt),
  };
}

const documentsPage = statement((db, { kind }: { kind: Kind }) => {
  const t = TABLE[kind];
  return db
    .select(listedDocumentOf(kind))
    .from(t)
    .innerJoin(files, eq(files.id, t.fileId))
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .where(and(eq(FOLDER[kind], sql.placeholder('folderId')), sql`${t.side} = ${sql.placeholder('side')}`))
    .orderBy(asc(files.createdAt), asc(t.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
});

/** One page of a folder's documents on one side, oldest first, with their files and uploaders. */
export function listDocuments(db: Q, kind: Kind, folderId: number, side: Side, page: number, perPage: number) {
  return documentsPage(db, { kind }).execute({ folderId, side, limit: perPage, offset: (page - 1) * perPage });
}

/** How many documents a folder holds on each side. */
const countStatement = statement((db, { kind }: { kind: Kind }) =>
  db
    .select({ side: TABLE[kind].side, n: sql<number>`count(*)::int` })
    .from(TABLE[kind])
    .where(eq(FOLDER[kind], sql.placeholder('folderId')))
    .groupBy(TABLE[kind].side),
);

export async function countDocuments(db: Q, kind: Kind, folderId: number): Promise<Record<Side, number>> {
  const rows = await countStatement(db, { kind }).execute({ folderId });
  const n = (side: Side) => rows.find((r) => r.side === side)?.n ?? 0;
  return { facility: n('facility'), assessor: n('assessor'), body: n('body') };
}

/**
 * The documents of these ids within `scope` (the download rule's, over the job's or the site
 * document's columns), with their whole file rows (for sendFile and sendZip), in upload order.
 */
export function findDocuments(db: Q, kind: Kind, ids: number[], scope: SQL) {
  const t = TABLE[kind];
  const query = documentsWith(db, kind);
  if (kind === 'job') query.innerJoin(jobs, eq(jobs.id, jobDocuments.jobId));
  return query.where(and(inArray(t.id, ids), scope)).orderBy(asc(files.createdAt), asc(t.id));
}

/**
 * Locks the folder's row for the rest of the transaction and answers whether one of the names is
 * taken in it: uploads of one name to one folder at the same moment wait for each other, so only
 * the first is saved.
 */
export async function lockFolderAndFindName(tx: Tx, kind: Kind, folderId: number, names: string[]): Promise<boolean> {
  const parent = kind === 'job' ? jobs : sites;
  await tx.select({ id: parent.id }).from(parent).where(eq(parent.id, folderId)).for('update');
  return nameTaken(tx, kind, folderId, names);
}

/** Whether a document of one of these names is in the folder. */
/** The back office's number of a job or site ('100234', 'S041201'): zips are named after it. */
export async function folderNumber(db: Q, kind: Kind, folderId: number): Promise<string | null> {
  const [row] =
    kind === 'job'
      ? await db.select({ number: jobs.jobNumber }).from(jobs).where(eq(jobs.id, folderId))
      : await db.select({ number: sites.siteNumber }).from(sites).where(eq(sites.id, folderId));
  return row?.number ?? null;
}

export async function nameTaken(db: Q, kind: Kind, folderId: number, names: string[]): Promise<boolean> {
  const t = TABLE[kind];
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .innerJoin(files, eq(files.id, t.fileId))
    .where(and(eq(FOLDER[kind], folderId), inArray(files.name, names)))
    .limit(1);
  return !!row;
}

export interface NewDocument {
  folderId: number;
  fileId: number;
  description: string;
  side: Side;
  uploaderRole: string;
}

export async function insertDocuments(tx: Tx, kind: Kind, docs: NewDocument[]) {
  if (kind === 'job') {
    const values = docs.map((d) => ({
      jobId: d.folderId,
      fileId: d.fileId,
      description: d.description,
      side: d.side as 'facility' | 'assessor',
      uploaderRole: d.uploaderRole,
    }));
    return tx.insert(jobDocuments).values(values).returning(columnsOf('job'));
  }
  const values = docs.map((d) => ({
    siteId: d.folderId,
    fileId: d.fileId,
    description: d.description,
    side: d.side as 'facility' | 'body',
  }));
  return tx.insert(siteDocuments).values(values).returning(columnsOf('site'));
}

// The facts the policy needs about folders

const jobSidesStatement = statement((db) =>
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
    .limit(1),
);

/** The list's statements, for the benchmark's baseline to run their SQL (bench/baseline-sql.mjs). */
export const listStatements = { page: documentsPage, count: countStatement, jobSides: jobSidesStatement };

/** The job and the sides of it the user is on, or null when there is no such job. */
export async function findJobSides(db: Q, userId: number, jobId: number) {
  const [row] = await jobSidesStatement(db).execute({ userId, jobId });
  return row ?? null;
}

/** Of these sites, those the user represents. */
export async function representedSiteIds(db: Q, userId: number, siteIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: arSites.siteId })
    .from(arSites)
    .where(and(inArray(arSites.siteId, siteIds), eq(arSites.userId, userId)));
  return new Set(rows.map((r) => r.id));
}

/** The job's number and the uploader's role of a job document, for the review. */
export async function findJobDocumentForReview(db: Q, id: number) {
  const [row] = await db
    .select({
      jobId: jobDocuments.jobId,
      side: jobDocuments.side,
      uploaderRole: jobDocuments.uploaderRole,
      uploadedBy: files.uploadedBy,
      name: files.name,
    })
    .from(jobDocuments)
    .innerJoin(files, eq(files.id, jobDocuments.fileId))
    .where(eq(jobDocuments.id, id))
    .limit(1);
  return row ?? null;
}

export async function reviewJobDocument(tx: Tx, id: number, comment: string, reviewerId: number) {
  await tx
    .update(jobDocuments)
    .set({ reviewedComment: comment, reviewedBy: reviewerId, reviewedAt: new Date() })
    .where(eq(jobDocuments.id, id));
}
