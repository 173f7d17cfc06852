import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  committeeMembers,
  committees,
  files,
  meetingDocuments,
  meetingFolderMembers,
  meetingFolders,
  users,
} from '../../db/schema/index.js';
import type { UserRef } from '../../platform/access.js';
import { folderVisible, type MeetingFacts } from './meetings.policy.js';

type Q = Db | Tx;

const roots = alias(meetingFolders, 'root_folders');

/** A folder row with the facts its access rule needs for this user. */
export interface FolderRow extends MeetingFacts {
  id: number;
  name: string;
  subtitle: string | null;
  parentId: number | null;
  restricted: boolean;
}

const folderColumns = (me: UserRef) => ({
  id: meetingFolders.id,
  name: meetingFolders.name,
  subtitle: meetingFolders.subtitle,
  parentId: meetingFolders.parentId,
  committeeId: meetingFolders.committeeId,
  restricted: sql<boolean>`exists (select 1 from ${meetingFolderMembers} where ${meetingFolderMembers.folderId} = ${meetingFolders.id})`,
  visible: sql<boolean>`${folderVisible(me, meetingFolders.id, meetingFolders.parentId, meetingFolders.committeeId)}`,
});

/** One folder with its access facts, or null. */
export async function findFolder(db: Q, me: number, id: number): Promise<FolderRow | null> {
  const [row] = await db.select(folderColumns(me)).from(meetingFolders).where(eq(meetingFolders.id, id));
  return row ?? null;
}

/** The folders (root folders of a committee, or sub folders of a root) in `scope` ('meetings.folder.list'), by name. */
export function listFolders(
  db: Q,
  me: number,
  scope: SQL,
  where: { committeeId: number } | { parentId: number },
): Promise<FolderRow[]> {
  const place =
    'committeeId' in where
      ? and(eq(meetingFolders.committeeId, where.committeeId), isNull(meetingFolders.parentId))
      : eq(meetingFolders.parentId, where.parentId);
  return db
    .select(folderColumns(me))
    .from(meetingFolders)
    .where(and(place, scope))
    .orderBy(asc(sql`lower(${meetingFolders.name})`), asc(meetingFolders.id));
}

export async function insertFolder(db: Q, values: typeof meetingFolders.$inferInsert) {
  const [row] = await db.insert(meetingFolders).values(values).returning();
  return row!;
}

/** The stored files of every document in the folder and its sub folders (to remove with it). */
export function filesUnderFolder(db: Q, folderId: number) {
  return db
    .select({ id: files.id, key: files.storageKey })
    .from(meetingDocuments)
    .innerJoin(files, eq(files.id, meetingDocuments.fileId))
    .innerJoin(meetingFolders, eq(meetingFolders.id, meetingDocuments.folderId))
    .where(sql`${meetingFolders.id} = ${folderId} or ${meetingFolders.parentId} = ${folderId}`);
}

/** Deletes the folder (its sub folders, documents and access rows go with it) and the files rows named. */
export async function deleteFolder(tx: Tx, folderId: number, fileIds: number[]) {
  await tx.delete(meetingFolders).where(eq(meetingFolders.id, folderId));
  if (fileIds.length > 0) await tx.delete(files).where(inArray(files.id, fileIds));
}

/** Locks the folder row (access changes of one folder run one after another). */
export async function lockFolder(tx: Tx, folderId: number) {
  await tx.execute(sql`select 1 from ${meetingFolders} where ${meetingFolders.id} = ${folderId} for update`);
}

export async function directMembers(db: Q, folderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: meetingFolderMembers.userId })
    .from(meetingFolderMembers)
    .where(eq(meetingFolderMembers.folderId, folderId))
    .orderBy(asc(meetingFolderMembers.userId));
  return rows.map((r) => r.id);
}

export async function setDirectMembers(tx: Tx, folderId: number, userIds: number[]) {
  await tx.delete(meetingFolderMembers).where(eq(meetingFolderMembers.folderId, folderId));
  if (userIds.length > 0) await tx.insert(meetingFolderMembers).values(userIds.map((userId) => ({ folderId, userId })));
}

/** The committee's members with their names, admin first, then by name. */
export function committeeMemberList(db: Q, committeeId: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      admin: sql<boolean>`coalesce(${committees.adminId} = ${users.id}, false)`,
    })
    .from(committeeMembers)
    .innerJoin(users, eq(users.id, committeeMembers.userId))
    .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
    .where(eq(committeeMembers.committeeId, committeeId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/* ---------------------------------------------------------------- documents */

const documentColumns = {
  id: meetingDocuments.id,
  folderId: meetingDocuments.folderId,
  committeeId: meetingDocuments.committeeId,
  updatedAt: meetingDocuments.updatedAt,
  indexState: meetingDocuments.indexState,
  folderName: meetingFolders.name,
  rootId: roots.id,
  rootName: roots.name,
  file: {
    id: files.id,
    storageKey: files.storageKey,
    name: files.name,
    size: files.size,
    mimeType: files.mimeType,
    uploadedBy: files.uploadedBy,
    createdAt: files.createdAt,
  },
  user: { firstName: users.firstName, lastName: users.lastName },
};

export type DocumentRow = {
  id: number;
  folderId: number;
  committeeId: number;
  updatedAt: Date;
  indexState: 'pending' | 'indexed' | 'skipped' | 'failed';
  folderName: string;
  rootId: number | null;
  rootName: string | null;
  file: {
    id: number;
    storageKey: string;
    name: string;
    size: number;
    mimeType: string;
    uploadedBy: number | null;
    createdAt: Date;
  };
  user: { firstName: string; lastName: string } | null;
  snippet?: string | null;
};

function documentsFrom<E extends Record<string, SQL>>(db: Q, extra: E = {} as E, withTotal = true) {
  return db
    .select({
      ...documentColumns,
      ...extra,
      total: withTotal ? sql<number>`count(*) over ()`.mapWith(Number) : sql<number>`0`,
    })
    .from(meetingDocuments)
    .innerJoin(files, eq(files.id, meetingDocuments.fileId))
    .innerJoin(meetingFolders, eq(meetingFolders.id, meetingDocuments.folderId))
    .leftJoin(roots, eq(roots.id, meetingFolders.parentId))
    .leftJoin(users, eq(users.id, files.uploadedBy));
}

/** The folder access rule over the document's folder (joined as meeting_folders). */
const documentVisible = (me: UserRef) =>
  folderVisible(me, meetingFolders.id, meetingFolders.parentId, meetingDocuments.committeeId);

export interface Page {
  page: number;
  perPage: number;
}

const pageOf = <R extends { total: number }>(rows: R[]) => ({ rows, total: rows[0]?.total ?? 0 });

/**
 * A committee's documents in the scope ('meetings.document.download', and for the count by folder
 * 'meetings.folder.list'), newest first, and how many. The total counts
 * documents by folder and tests the access rule once a folder (2 ms on the scale data); with
 * `count(*) over ()` every visible document went through the rule, the joins and the sort for a
 * page of 5 (40 ms for 2,250 documents). The page alone still takes 16 ms there: PostgreSQL sorts
 * the committee's rows rather than walking its updated_at index until the page is full
 * (bench/README.md).
 */
export async function recentDocuments(db: Q, scope: { documents: SQL; folders: SQL }, committeeId: number, p: Page) {
  const byFolder = db
    .select({ folderId: meetingDocuments.folderId, n: sql<number>`count(*)`.as('n') })
    .from(meetingDocuments)
    .where(eq(meetingDocuments.committeeId, committeeId))
    .groupBy(meetingDocuments.folderId)
    .as('by_folder');
  const [rows, [count]] = await Promise.all([
    documentsFrom(db, {}, false)
      .where(and(eq(meetingDocuments.committeeId, committeeId), scope.documents))
      .orderBy(desc(meetingDocuments.updatedAt), desc(meetingDocuments.id))
      .limit(p.perPage)
      .offset((p.page - 1) * p.perPage),
    db
      .select({ n: sql<number>`coalesce(sum(${byFolder.n}), 0)::int` })
      .from(byFolder)
      .innerJoin(meetingFolders, eq(meetingFolders.id, byFolder.folderId))
      .where(scope.folders),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The documents of one folder (already judged visible), newest first. */
export async function folderDocuments(db: Q, folderId: number, p: Page) {
  const rows = await documentsFrom(db)
    .where(eq(meetingDocuments.folderId, folderId))
    .orderBy(desc(meetingDocuments.updatedAt), desc(meetingDocuments.id))
    .limit(p.perPage)
    .offset((p.page - 1) * p.perPage);
  return pageOf(rows);
}

/** Marks of a hit in ts_headline's output (split into parts by the service). */
export const HIT_START = '\u27e6';
export const HIT_END = '\u27e7';

/**
 * The words of a search as a tsquery: every word must match, the last one as a prefix (so a word
 * being typed already finds). Words are letters and digits only: nothing of the term reaches the
 * tsquery syntax. Null when the term has no word.
 */
export function searchQueryText(term: string): string | null {
  const words =
    term
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 12) ?? [];
  if (words.length === 0) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** Names and contents, ranked (a hit in the name weighs more), with a snippet of the matching text. */
export async function searchDocuments(db: Q, scope: SQL, committeeId: number, queryText: string, p: Page) {
  const q = sql`to_tsquery('english', ${queryText})`;
  const rows = await documentsFrom(db, {
    snippet: sql<
      string | null
    >`case when ${meetingDocuments.content} is null or ${meetingDocuments.content} = '' then null else ts_headline('english', left(${meetingDocuments.content}, 100000), ${q}, ${`StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`}) end`,
  })
    .where(and(eq(meetingDocuments.committeeId, committeeId), sql`${meetingDocuments.search} @@ ${q}`, scope))
    .orderBy(
      desc(sql`ts_rank(${meetingDocuments.search}, ${q})`),
      desc(meetingDocuments.updatedAt),
      desc(meetingDocuments.id),
    )
    .limit(p.perPage)
    .offset((p.page - 1) * p.perPage);
  return pageOf(rows as (DocumentRow & { total: number })[]);
}

/** These documents, with whether the user may see each one's folder. */
export function findDocuments(db: Q, me: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return documentsFrom(db, { visible: sql<boolean>`${documentVisible(me)}` })
    .where(inArray(meetingDocuments.id, ids))
    .orderBy(asc(meetingDocuments.id));
}

export async function nameTaken(db: Q, folderId: number, names: string[]): Promise<boolean> {
  if (names.length === 0) return false;
  const [row] = await db
    .select({ id: meetingDocuments.id })
    .from(meetingDocuments)
    .innerJoin(files, eq(files.id, meetingDocuments.fileId))
    .where(and(eq(meetingDocuments.folderId, folderId), inArray(files.name, names)))
    .limit(1);
  return !!row;
}

/** The words of a file name for the index: 'minutes_2026-03.pdf' reads as 'minutes 2026 03 pdf'. */
export const nameWords = (name: string) => name.replace(/[._\-+()[\]]+/g, ' ');

export function insertDocuments(
  tx: Tx,
  rows: { folderId: number; committeeId: number; fileId: number; name: string }[],
) {
  return tx
    .insert(meetingDocuments)
    .values(
      rows.map((r) => ({
        folderId: r.folderId,
        committeeId: r.committeeId,
        fileId: r.fileId,
        search: sql`setweight(to_tsvector('english', ${nameWords(r.name)}), 'A')`,
      })),
    )
    .returning({ id: meetingDocuments.id });
}

/** Deletes documents and their files rows; answers the storage keys to remove after commit. */
export async function deleteDocuments(tx: Tx, rows: { id: number; fileId: number }[]) {
  if (rows.length === 0) return;
  await tx.delete(meetingDocuments).where(
    inArray(
      meetingDocuments.id,
      rows.map((r) => r.id),
    ),
  );
  await tx.delete(files).where(
    inArray(
      files.id,
      rows.map((r) => r.fileId),
    ),
  );
}
