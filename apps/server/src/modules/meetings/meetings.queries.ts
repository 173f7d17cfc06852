import { and, asc, desc, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
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
import type { SnippetPart } from '@portal/shared';
import type { Scope, UserRef } from '../../platform/access.js';
import { isoTimeOf } from '../../platform/iso-time.js';
import { decoded, statement, withoutTotal } from '../../platform/prepared.js';
import { descIndexed } from '../../platform/order.js';
import { folderVisible, type MeetingFacts } from './meetings.policy.js';
import { extend } from '../../platform/objects.js';

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

/** The placeholder of the user in the hot statements (and in the scopes the service passes them). */
export const ME = 'me';

const folderById = statement((db) =>
  db
    .select(folderColumns(sql.placeholder(ME)))
    .from(meetingFolders)
    .where(eq(meetingFolders.id, sql.placeholder('id'))),
);

/** One folder with its access facts, or null. */
export async function findFolder(db: Q, me: number, id: number): Promise<FolderRow | null> {
  const [row] = await folderById(db, {}).execute({ [ME]: me, id });
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

function documentsFrom<E extends Record<string, SQL>>(db: Q, extra: E) {
  return db
    .select({ ...documentColumns, ...extra })
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

/** 'a ⟦word⟧ b' -> parts with the hits marked. */
export function snippetParts(text: string | null | undefined): SnippetPart[] | null {
  if (!text) return null;
  const parts: SnippetPart[] = [];
  for (const piece of text.split(HIT_START)) {
    const end = piece.indexOf(HIT_END);
    if (end < 0) {
      if (piece) parts.push({ text: piece, hit: false });
      continue;
    }
    parts.push({ text: piece.slice(0, end), hit: true });
    if (end + 1 < piece.length) parts.push({ text: piece.slice(end + 1), hit: false });
  }
  return parts;
}

/**
 * A listed document selected as the answer writes it (MeetingDocument: its keys, the uploader
 * nested and null when none, the time as ISO text, the download path), so the row the prepared
 * statement maps is the answer's row: no presenter builds a second object, a Date and a nested file
 * per document. `total` rides on each row (the answer's writer leaves it out).
 */
const listedDocument = {
  id: meetingDocuments.id,
  name: files.name,
  size: files.size,
  mime_type: files.mimeType,
  updated_at: isoTimeOf(meetingDocuments.updatedAt),
  folder_id: meetingDocuments.folderId,
  folder_name: meetingFolders.name,
  root_folder_id: roots.id,
  root_folder_name: roots.name,
  committee_id: meetingDocuments.committeeId,
  uri: sql<string>`'/api/meetingdocuments/' || ${meetingDocuments.id}`,
  user: { first_name: users.firstName, last_name: users.lastName },
  index_state: meetingDocuments.indexState,
};

// The order of meeting_documents_committee_updated_idx (`descIndexed`).
const newestFirst = [descIndexed(meetingDocuments.updatedAt), descIndexed(meetingDocuments.id)];
const limit = sql.placeholder('limit');
const offset = sql.placeholder('offset');

const folderPage = statement((db) =>
  db
    .select(extend(listedDocument, { total: sql<number>`(count(*) over ())::int` }))
    .from(meetingDocuments)
    .innerJoin(files, eq(files.id, meetingDocuments.fileId))
    .innerJoin(meetingFolders, eq(meetingFolders.id, meetingDocuments.folderId))
    .leftJoin(roots, eq(roots.id, meetingFolders.parentId))
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .where(eq(meetingDocuments.folderId, sql.placeholder('folderId')))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset),
);

/** The documents of one folder (already judged visible), newest first, and how many (0 past the last page). */
export async function folderDocuments(db: Q, folderId: number, p: Page) {
  const rows = await folderPage(db, {}).execute({ folderId, limit: p.perPage, offset: (p.page - 1) * p.perPage });
  return { rows: rows.map(withoutTotal), total: rows[0]?.total ?? 0 };
}

/**
 * The folders of the committee the user may see (`scope`: the rule of 'meetings.folder.list'),
 * as an array made once per call (an InitPlan), for a test of a document's `folder_id`: the rule
 * runs once a folder, not once a document. (A subquery joined to each document was looked up for
 * every match of a search, 2,500 times for a common word: half the search's time; bench/README.md,
 * 2026-11-29.) A document's committee is its folder's, so the array also keeps to the committee.
 */
const inVisibleFolders = (scope: Scope) =>
  sql`${meetingDocuments.folderId} = any(array(select ${meetingFolders.id} from ${meetingFolders} where ${meetingFolders.committeeId} = ${sql.placeholder('committeeId')} and ${scope.where}))`;

/**
 * A committee's documents the user may see (`folders`: the rule of 'meetings.folder.list', tested
 * once a folder), newest first: read in the order of meeting_documents_committee_updated_idx until
 * the page is full (its columns are `desc nulls last`, and so is this order, else PostgreSQL sorts
 * all of the committee's rows first).
 *
 * The plan made with the call's values (PostgreSQL's first five runs of a named statement, and
 * every run on PGlite, which names none) walks that index only because of the statistics of
 * migration 0028: without them PostgreSQL multiplied the selectivities of `folder_id` and
 * `committee_id`, thought a committee's visible folders held a document each, and joined and
 * sorted all of them (27 ms against 1-3 for 2,250 documents; bench/README.md, 2026-11-29). With
 * the rule as a subquery joined to each document (`exists`), it kept that plan even so.
 */
const recentPage = statement((db, shape: { folders: Scope }) =>
  db
    .select(listedDocument)
    .from(meetingDocuments)
    .innerJoin(files, eq(files.id, meetingDocuments.fileId))
    .innerJoin(meetingFolders, eq(meetingFolders.id, meetingDocuments.folderId))
    .leftJoin(roots, eq(roots.id, meetingFolders.parentId))
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .where(and(eq(meetingDocuments.committeeId, sql.placeholder('committeeId')), inVisibleFolders(shape.folders)))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset),
);

/**
 * How many of the committee's documents the user may see: the documents of the visible folders,
 * counted from the folder index alone (an index-only scan once the table is vacuumed, as
 * autovacuum keeps it). Grouping the committee's documents by folder read each one's row, two to a
 * page (the search vector is kept in the row): 7 ms for 2,500 documents against 1.5.
 */
const recentCount = statement((db, shape: { folders: Scope }) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(meetingDocuments)
    .where(inVisibleFolders(shape.folders)),
);

/** A committee's documents in the folders of the scope (of 'meetings.folder.list'), newest first, and how many. */
export async function recentDocuments(db: Q, folders: Scope, me: number, committeeId: number, p: Page) {
  const values = { [ME]: me, committeeId, limit: p.perPage, offset: (p.page - 1) * p.perPage };
  const [rows, [count]] = await Promise.all([
    recentPage(db, { folders }).execute(values),
    recentCount(db, { folders }).execute(values),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export const HEADLINE_OPTIONS = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * A page of a committee's documents matching the query, best first (a hit in the name weighs more),
 * each with how many match in all and a snippet of its text. The committee's documents are read
 * by its index and each one's vector tested (kept in the row, not in TOAST: migration 0024), never
 * another committee's; the joins and ts_headline run only for the rows of the page.
 *
 * Documents are seen through their folder: `folders` is the rule of 'meetings.folder.list', tested
 * once a folder of the committee (`inVisibleFolders`), as recentCount does: PostgreSQL cannot tell
 * how many documents a tsquery it is given matches, so it guessed a dozen and looked a subquery's
 * folder up for every match.
 */
const searchPage = statement((db, shape: { folders: Scope }) => {
  // A scalar subquery: parsed once per call (an InitPlan), not once per row it tests.
  const query = sql`(select to_tsquery('english', ${sql.placeholder('query')}))`;
  // Each match's rank, computed in a subquery that PostgreSQL keeps apart (an `offset 0`): else the
  // window below carried every match's whole vector in its store and ranked them above it.
  const scored = db
    .select({
      id: sql<number>`${meetingDocuments.id}`.as('scored_id'),
      updatedAt: sql<string>`${meetingDocuments.updatedAt}`.as('scored_updated_at'),
      rank: sql<number>`ts_rank(${meetingDocuments.search}, ${query})`.as('rank'),
    })
    .from(meetingDocuments)
    .where(
      and(
        eq(meetingDocuments.committeeId, sql.placeholder('committeeId')),
        sql`${meetingDocuments.search} @@ ${query}`,
        inVisibleFolders(shape.folders),
      ),
    )
    .offset(sql`0` as unknown as Placeholder)
    .as('scored');
  const hits = db
    .select({
      id: sql<number>`${scored.id}`.as('hit_id'),
      rank: sql<number>`${scored.rank}`.as('hit_rank'),
      total: sql<number>`(count(*) over ())::int`.as('total'),
    })
    .from(scored)
    .orderBy(desc(scored.rank), descIndexed(scored.updatedAt), descIndexed(scored.id))
    .limit(limit)
    .offset(offset)
    .as('hits');
  const snippet = sql`case when ${meetingDocuments.content} is null or ${meetingDocuments.content} = '' then null else ts_headline('english', left(${meetingDocuments.content}, 100000), ${query}, ${sql.placeholder('options')}) end`;
  return db
    .select(
      extend(listedDocument, {
        snippet: decoded(snippet, (v) => snippetParts(v as string)),
        total: sql<number>`${hits.total}`,
      }),
    )
    .from(hits)
    .innerJoin(meetingDocuments, eq(meetingDocuments.id, hits.id))
    .innerJoin(files, eq(files.id, meetingDocuments.fileId))
    .innerJoin(meetingFolders, eq(meetingFolders.id, meetingDocuments.folderId))
    .leftJoin(roots, eq(roots.id, meetingFolders.parentId))
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .orderBy(desc(hits.rank), ...newestFirst);
});

/** The lists' statements, for the benchmark's baseline to run their SQL (bench/baseline-sql.mjs). */
export const listStatements = {
  folder: folderById,
  folderPage,
  recentPage,
  recentCount,
  searchPage,
};

/** Names and contents, ranked, with a snippet of the matching text; and how many match. */
export async function searchDocuments(
  db: Q,
  folders: Scope,
  me: number,
  committeeId: number,
  queryText: string,
  p: Page,
) {
  const rows = await searchPage(db, { folders }).execute({
    [ME]: me,
    committeeId,
    query: queryText,
    options: HEADLINE_OPTIONS,
    limit: p.perPage,
    offset: (p.page - 1) * p.perPage,
  });
  return { rows: rows.map(withoutTotal), total: rows[0]?.total ?? 0 };
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
