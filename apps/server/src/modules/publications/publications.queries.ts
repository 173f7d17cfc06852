import { aliasedTable, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { files, publicationCategories, publications, subscriptions } from '../../db/schema/index.js';
import { statement } from '../../platform/prepared.js';
import type { StoredFile } from '../../platform/files.js';

type Q = Db | Tx;

const sub = aliasedTable(publicationCategories, 'sub');
const root = aliasedTable(publicationCategories, 'root');

const columns = {
  id: publications.id,
  name: publications.name,
  updatedAt: publications.updatedAt,
  fileId: publications.fileId,
  file: files,
  sub: { id: sub.id, name: sub.name },
  root: { id: root.id, name: root.name },
};

export type PublicationRow = {
  id: number;
  name: string;
  updatedAt: Date;
  fileId: number;
  file: StoredFile;
  sub: { id: number; name: string };
  root: { id: number; name: string };
};

const base = (db: Q) =>
  db
    .select(columns)
    .from(publications)
    .innerJoin(files, eq(files.id, publications.fileId))
    .innerJoin(sub, eq(sub.id, publications.categoryId))
    .innerJoin(root, eq(root.id, sub.parentId));

/**
 * Most recently updated first, in the order of publications_updated_idx (DESC NULLS LAST: a plain
 * DESC is NULLS FIRST in PostgreSQL, which the index cannot give, so every page joined and sorted
 * all the publications: 11 ms at 10,000 against 0.3 ms, bench/README.md). The columns are not null.
 */
export const RECENT_ORDER = [sql`${publications.updatedAt} desc nulls last`, sql`${publications.id} desc nulls last`];

const recentPage = statement((db) =>
  base(db)
    .orderBy(...RECENT_ORDER)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

/** One page of publications, most recently updated first. */
export async function listRecent(
  db: Q,
  page: number,
  perPage: number,
): Promise<{ rows: PublicationRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    recentPage(db, {}).execute({ limit: perPage, offset: (page - 1) * perPage }),
    db.select({ n: sql<number>`count(*)::int` }).from(publications),
  ]);
  return { rows: rows as PublicationRow[], total: count?.n ?? 0 };
}

export async function findPublications(db: Q, ids: number[]): Promise<PublicationRow[]> {
  if (ids.length === 0) return [];
  return (await base(db)
    .where(inArray(publications.id, ids))
    .orderBy(asc(publications.name), asc(publications.id))) as PublicationRow[];
}

/** The publications of a subcategory, or of every subcategory of a root: one page, by name, and how many in all. */
export async function publicationsOfCategory(
  db: Q,
  categoryId: number,
  page: number,
  perPage: number,
): Promise<{ rows: PublicationRow[]; total: number }> {
  const inCategory = sql`${publications.categoryId} in (select ${publicationCategories.id} from ${publicationCategories} where ${publicationCategories.id} = ${categoryId} or ${publicationCategories.parentId} = ${categoryId})`;
  const [rows, [count]] = await Promise.all([
    base(db)
      .where(inCategory)
      .orderBy(asc(publications.name), asc(publications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(publications)
      .where(inCategory),
  ]);
  return { rows: rows as PublicationRow[], total: count?.n ?? 0 };
}

export type CategoryRow = typeof publicationCategories.$inferSelect;

export function allCategories(db: Q): Promise<CategoryRow[]> {
  return db
    .select()
    .from(publicationCategories)
    .orderBy(asc(publicationCategories.position), asc(publicationCategories.name));
}

export function findCategory(db: Q, id: number): Promise<CategoryRow | undefined> {
  return db
    .select()
    .from(publicationCategories)
    .where(eq(publicationCategories.id, id))
    .then((r) => r[0]);
}

export function subscriptionsOf(db: Q, userId: number) {
  return db
    .select({ categoryId: subscriptions.categoryId, notify: subscriptions.notify })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
}

/** How many publications each subcategory holds (those given, or all when null); counted in SQL. */
export function publicationCounts(db: Q, categoryIds: number[] | null) {
  const q = db
    .select({ categoryId: publications.categoryId, count: sql<number>`count(*)::int` })
    .from(publications)
    .groupBy(publications.categoryId);
  return categoryIds ? q.where(inArray(publications.categoryId, categoryIds.length ? categoryIds : [-1])) : q;
}

export async function subscribe(tx: Tx, userId: number, categoryIds: number[]) {
  if (categoryIds.length === 0) return;
  await tx
    .insert(subscriptions)
    .values(categoryIds.map((categoryId) => ({ userId, categoryId })))
    .onConflictDoNothing();
}

export async function unsubscribe(tx: Tx, userId: number, categoryIds: number[]) {
  await tx
    .delete(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.categoryId, categoryIds)));
}

/** Sets the notify flag on the user's subscriptions among these; answers how many rows it changed. */
export async function setNotify(tx: Tx, userId: number, categoryIds: number[], notify: boolean): Promise<number> {
  const rows = await tx
    .update(subscriptions)
    .set({ notify })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.categoryId, categoryIds)))
    .returning({ id: subscriptions.categoryId });
  return rows.length;
}

/** The subcategory for an upload, locked so two uploads of one name keep one. */
export async function lockSubcategory(tx: Tx, id: number): Promise<CategoryRow | undefined> {
  const [row] = await tx.select().from(publicationCategories).where(eq(publicationCategories.id, id)).for('update');
  return row && row.parentId !== null ? row : undefined;
}

export async function nameTaken(tx: Q, categoryId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: publications.id })
    .from(publications)
    .where(and(eq(publications.categoryId, categoryId), sql`lower(${publications.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertPublication(
  tx: Tx,
  values: { name: string; categoryId: number; fileId: number; updatedAt?: Date },
) {
  const [row] = await tx.insert(publications).values(values).returning();
  return row!;
}

export async function lockPublication(tx: Tx, id: number) {
  const [row] = await tx.select().from(publications).where(eq(publications.id, id)).for('update');
  return row;
}

export async function updatePublication(tx: Tx, id: number, values: { name?: string; fileId: number }) {
  await tx
    .update(publications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(publications.id, id));
}

export async function deletePublication(tx: Tx, id: number) {
  await tx.delete(publications).where(eq(publications.id, id));
}

/** Removes a file row no record names any more; answers its storage key. */
export async function deleteFileRow(tx: Tx, fileId: number): Promise<string | null> {
  const [row] = await tx.delete(files).where(eq(files.id, fileId)).returning({ key: files.storageKey });
  return row?.key ?? null;
}

/** Root by name (created when it is one of the spec's four), then the subcategory (created). */
export async function ensureCategory(tx: Tx, rootName: string, subName: string): Promise<CategoryRow> {
  let [r] = await tx
    .select()
    .from(publicationCategories)
    .where(and(isNull(publicationCategories.parentId), sql`lower(${publicationCategories.name}) = lower(${rootName})`));
  if (!r) [r] = await tx.insert(publicationCategories).values({ name: rootName }).returning();
  let [s] = await tx
    .select()
    .from(publicationCategories)
    .where(
      and(eq(publicationCategories.parentId, r!.id), sql`lower(${publicationCategories.name}) = lower(${subName})`),
    );
  if (!s) [s] = await tx.insert(publicationCategories).values({ name: subName, parentId: r!.id }).returning();
  return s!;
}

export async function findByCategoryAndName(tx: Q, categoryId: number, name: string) {
  const [row] = await tx
    .select()
    .from(publications)
    .where(and(eq(publications.categoryId, categoryId), sql`lower(${publications.name}) = lower(${name})`));
  return row;
}
