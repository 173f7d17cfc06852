import { aliasedTable, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { files, publicationCategories, publications, subscriptions } from '../../db/schema/index.js';
import { decoded, statement } from '../../platform/prepared.js';
import type { StoredFile } from '../../platform/files.js';
import { isoTime } from '../../platform/iso-time.js';
import { descIndexed } from '../../platform/order.js';
import { extend } from '../../platform/objects.js';

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
 * Most recently updated first, in the order of publications_updated_idx (`descIndexed`: with a
 * plain `desc()` every page joined and sorted all the publications, 11 ms at 10,000 against 0.3 ms,
 * bench/README.md).
 */
export const RECENT_ORDER = [descIndexed(publications.updatedAt), descIndexed(publications.id)];

/**
 * A row of the lists selected as the answer writes it (PublicationItem: its keys, nesting and
 * texts), so the rows the prepared statement maps are the answer's rows, without the file's other
 * columns or a second object per row.
 */
const itemRow = {
  id: publications.id,
  name: publications.name,
  // Written by PostgreSQL, as fileUri writes it. Made in JavaScript from the id, the text of a number
  // V8 had cached as a property name (200, say) came out flagged two-byte, and one such row made the
  // whole answer's JSON UTF-16: twice the bytes to build, flatten and write (bench/README.md).
  uri: sql<string>`'/api/publications/' || ${publications.id} || '/file'`,
  updated_at: decoded(sql`${publications.updatedAt}`, (v) => isoTime(v as string)),
  file_name: files.name,
  size: files.size,
  category: { id: root.id, name: root.name },
  subcategory: { id: sub.id, name: sub.name },
};

export type PublicationItemRow = {
  id: number;
  name: string;
  uri: string;
  updated_at: string;
  file_name: string;
  size: number;
  category: { id: number; name: string };
  subcategory: { id: number; name: string };
};

const items = (db: Q) =>
  db
    .select(itemRow)
    .from(publications)
    .innerJoin(files, eq(files.id, publications.fileId))
    .innerJoin(sub, eq(sub.id, publications.categoryId))
    .innerJoin(root, eq(root.id, sub.parentId));

const recentPage = statement((db) =>
  items(db)
    .orderBy(...RECENT_ORDER)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

const recentCount = statement((db) => db.select({ n: sql<number>`count(*)::int` }).from(publications));

/** A subcategory, or every subcategory of a root ($categoryId twice). */
const inCategory = sql`${publications.categoryId} in (select ${publicationCategories.id} from ${publicationCategories} where ${publicationCategories.id} = ${sql.placeholder('categoryId')} or ${publicationCategories.parentId} = ${sql.placeholder('categoryId')})`;

const categoryPage = statement((db) =>
  items(db)
    .where(inCategory)
    .orderBy(asc(publications.name), asc(publications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

const categoryCount = statement((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(publications)
    .where(inCategory),
);

const categoryById = statement((db) =>
  db
    .select({ id: publicationCategories.id })
    .from(publicationCategories)
    .where(eq(publicationCategories.id, sql.placeholder('id'))),
);

/** The lists' statements, for the benchmark's baseline to run their SQL (bench/baseline-sql.mjs). */
export const listStatements = { recentPage, recentCount, categoryPage, categoryCount, categoryById };

/** One page of publications, most recently updated first. */
export async function listRecent(
  db: Q,
  page: number,
  perPage: number,
): Promise<{ rows: PublicationItemRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    recentPage(db, {}).execute({ limit: perPage, offset: (page - 1) * perPage }),
    recentCount(db, {}).execute(),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findPublications(db: Q, ids: number[]): Promise<PublicationRow[]> {
  if (ids.length === 0) return [];
  return (await base(db)
    .where(inArray(publications.id, ids))
    .orderBy(asc(publications.name), asc(publications.id))) as PublicationRow[];
}

/**
 * The publications of a subcategory, or of every subcategory of a root: one page, by name, and
 * how many in all; null when there is no such category. The three statements go at once.
 */
export async function publicationsOfCategory(
  db: Q,
  categoryId: number,
  page: number,
  perPage: number,
): Promise<{ rows: PublicationItemRow[]; total: number } | null> {
  const [found, rows, [count]] = await Promise.all([
    categoryById(db, {}).execute({ id: categoryId }),
    categoryPage(db, {}).execute({ categoryId, limit: perPage, offset: (page - 1) * perPage }),
    categoryCount(db, {}).execute({ categoryId }),
  ]);
  return found.length === 0 ? null : { rows, total: count?.n ?? 0 };
}

export type CategoryRow = typeof publicationCategories.$inferSelect;

const categoriesAll = statement((db) =>
  db
    .select({
      id: publicationCategories.id,
      name: publicationCategories.name,
      parentId: publicationCategories.parentId,
      position: publicationCategories.position,
    })
    .from(publicationCategories)
    .orderBy(asc(publicationCategories.position), asc(publicationCategories.name)),
);

export function allCategories(db: Q): Promise<CategoryRow[]> {
  return categoriesAll(db, {}).execute();
}

export function findCategory(db: Q, id: number): Promise<CategoryRow | undefined> {
  return db
    .select()
    .from(publicationCategories)
    .where(eq(publicationCategories.id, id))
    .then((r) => r[0]);
}

const subscriptionsOfUser = statement((db) =>
  db
    .select({ categoryId: subscriptions.categoryId, notify: subscriptions.notify })
    .from(subscriptions)
    .where(eq(subscriptions.userId, sql.placeholder('userId'))),
);

export function subscriptionsOf(db: Q, userId: number) {
  return subscriptionsOfUser(db, {}).execute({ userId });
}

/**
 * How many publications each subcategory holds: all of them, or the user's subscribed ones (their
 * subscriptions read in the same statement, so it need not wait for them).
 */
const countsByCategory = statement((db, shape: { subscribed: boolean }) => {
  const q = db
    .select({ categoryId: publications.categoryId, count: sql<number>`count(*)::int` })
    .from(publications)
    .groupBy(publications.categoryId);
  return shape.subscribed
    ? q.where(
        inArray(
          publications.categoryId,
          db
            .select({ id: subscriptions.categoryId })
            .from(subscriptions)
            .where(eq(subscriptions.userId, sql.placeholder('userId'))),
        ),
      )
    : q;
});

/** The tree's statements, for the benchmark's baseline (bench/baseline-sql.mjs). */
export const treeStatements = { categoriesAll, subscriptionsOfUser, countsByCategory };

/** How many publications each subcategory holds (of those `userId` subscribes to, or all when null); counted in SQL. */
export function publicationCounts(db: Q, userId: number | null) {
  return countsByCategory(db, { subscribed: userId !== null }).execute(userId === null ? {} : { userId });
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
    .set(extend(values, { updatedAt: sql`now()` }))
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
