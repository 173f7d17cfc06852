import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  arSites,
  committeeMembers,
  committees,
  competencySuggestions,
  facilities,
  files,
  publicationCategories,
  sites,
  subscriptions,
  userInfos,
  userRequests,
  userRoles,
  users,
} from '../../db/schema/index.js';

type Q = Db | Tx;

export type UserRequestRow = typeof userRequests.$inferSelect;

/** The wizard's facility lookup: the facility's number and name, and its sites' ids, numbers and names. */
export async function findFacilityLookup(db: Q, number: string) {
  const [f] = await db.select({ id: facilities.id, number: facilities.facilityNumber, name: facilities.name }).from(facilities).where(eq(facilities.facilityNumber, number));
  if (!f) return null;
  const siteRows = await db.select({ id: sites.id, siteNumber: sites.siteNumber, name: sites.name }).from(sites).where(eq(sites.facilityId, f.id)).orderBy(asc(sites.siteNumber));
  return { ...f, sites: siteRows };
}

/** Facilities by number with their site ids (the registration's facilities, checked in one query). */
export async function findFacilitiesByNumbers(db: Q, numbers: string[]): Promise<Map<string, { name: string; sites: Map<number, string> }>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .select({ number: facilities.facilityNumber, name: facilities.name, siteId: sites.id, siteNumber: sites.siteNumber, siteName: sites.name })
    .from(facilities)
    .leftJoin(sites, eq(sites.facilityId, facilities.id))
    .where(inArray(facilities.facilityNumber, numbers));
  const byNumber = new Map<string, { name: string; sites: Map<number, string> }>();
  for (const r of rows) {
    const f = byNumber.get(r.number) ?? { name: r.name, sites: new Map() };
    if (r.siteId !== null) f.sites.set(r.siteId, `${r.siteNumber} - ${r.siteName}`);
    byNumber.set(r.number, f);
  }
  return byNumber;
}

export async function findCommitteesByIds(db: Q, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: committees.id, name: committees.name }).from(committees).where(inArray(committees.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findUserIdByEmail(db: Q, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row?.id ?? null;
}

export async function insertRequest(db: Q, values: typeof userRequests.$inferInsert) {
  const [row] = await db.insert(userRequests).values(values).returning();
  return row!;
}

const SORTS = {
  name: userRequests.name,
  role: sql`${userRequests.roles}::text`,
  change: sql`${userRequests.data}->>'summary'`,
  created_at: userRequests.createdAt,
} as const;

/** A page of pending requests within the actor's scope, sorted and filtered in SQL. */
export async function listPendingRequests(
  db: Q,
  scope: SQL,
  opts: { type?: 'create' | 'update'; page: number; perPage: number; sort: keyof typeof SORTS; direction: 'asc' | 'desc'; name?: string; role?: string; change?: string },
) {
  const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    eq(userRequests.status, 'pending'),
    scope,
    opts.type ? eq(userRequests.type, opts.type) : undefined,
    opts.name ? ilike(userRequests.name, like(opts.name)) : undefined,
    opts.role ? sql`${userRequests.roles}::text ilike ${like(opts.role)}` : undefined,
    opts.change ? sql`${userRequests.data}->>'summary' ilike ${like(opts.change)}` : undefined,
  );
  const order = opts.direction === 'asc' ? asc(SORTS[opts.sort]) : desc(SORTS[opts.sort]);
  const rows = await db
    .select({ row: userRequests, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(userRequests)
    .where(where)
    .orderBy(order, asc(userRequests.id))
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  return { rows: rows.map((r) => r.row), total: rows[0]?.total ?? 0 };
}

export async function findRequest(db: Q, id: number) {
  const [row] = await db
    .select({ row: userRequests, decidedByName: sql<string | null>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${userRequests.decidedBy})` })
    .from(userRequests)
    .where(eq(userRequests.id, id));
  return row ? { ...row.row, decidedByName: row.decidedByName } : null;
}

/** The request under a row lock: a decision and an edit at the same moment see each other. */
export async function lockRequest(tx: Tx, id: number) {
  const [row] = await tx.select().from(userRequests).where(eq(userRequests.id, id)).for('update');
  return row ?? null;
}

export const updateRequest = (db: Q, id: number, values: Partial<typeof userRequests.$inferInsert>) =>
  db.update(userRequests).set({ ...values, updatedAt: new Date() }).where(eq(userRequests.id, id));

export async function insertUser(tx: Tx, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function addRoles(tx: Tx, userId: number, roles: string[]) {
  if (roles.length) await tx.insert(userRoles).values(roles.map((role) => ({ userId, role }))).onConflictDoNothing();
}

/** The site ids among these that exist (a site may have gone since the registration was sent). */
export async function existingSiteIds(tx: Q, ids: number[]) {
  if (ids.length === 0) return [];
  return (await tx.select({ id: sites.id }).from(sites).where(inArray(sites.id, ids))).map((r) => r.id);
}

export async function representSites(tx: Tx, userId: number, siteIds: number[]) {
  if (siteIds.length) await tx.insert(arSites).values(siteIds.map((siteId) => ({ userId, siteId }))).onConflictDoNothing();
}

export async function joinCommittees(tx: Tx, userId: number, committeeIds: number[]) {
  if (committeeIds.length) await tx.insert(committeeMembers).values(committeeIds.map((committeeId) => ({ committeeId, userId }))).onConflictDoNothing();
}

export async function findUser(db: Q, id: number) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u ?? null;
}

export async function findRolesOf(db: Q, userId: number) {
  return (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);
}

export async function findUserInfo(db: Q, userId: number) {
  const [row] = await db.select().from(userInfos).where(eq(userInfos.userId, userId));
  return row ?? null;
}

export async function upsertUserInfo(db: Q, userId: number, values: Partial<typeof userInfos.$inferInsert>) {
  await db
    .insert(userInfos)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userInfos.userId, set: { ...values, updatedAt: new Date() } });
}

export const updateUser = (db: Q, id: number, values: Partial<typeof users.$inferInsert>) =>
  db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id));

/** The sites an AR represents, 'number - name' by facility; the committees a user belongs to. */
export async function findMembershipsOf(db: Q, userId: number) {
  const siteRows = await db
    .select({ facilityNumber: facilities.facilityNumber, facilityName: facilities.name, siteNumber: sites.siteNumber, siteName: sites.name })
    .from(arSites)
    .innerJoin(sites, eq(sites.id, arSites.siteId))
    .innerJoin(facilities, eq(facilities.id, sites.facilityId))
    .where(eq(arSites.userId, userId))
    .orderBy(asc(facilities.facilityNumber), asc(sites.siteNumber));
  const committeeRows = await db
    .select({ name: committees.name })
    .from(committeeMembers)
    .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
    .where(eq(committeeMembers.userId, userId))
    .orderBy(asc(committees.name));
  return { siteRows, committees: committeeRows.map((c) => c.name) };
}

export async function findPendingChangeOf(db: Q, userId: number) {
  const [row] = await db
    .select({ id: userRequests.id, createdAt: userRequests.createdAt })
    .from(userRequests)
    .where(and(eq(userRequests.userId, userId), eq(userRequests.type, 'update'), eq(userRequests.status, 'pending')));
  return row ?? null;
}

const holdsAssessorRole = (userId: unknown) =>
  sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.role} in ('TA', 'LA'))`;

/** A user's competency facts: their PDF's file id, and whether they are an assessor. */
export async function findCompetencyOf(db: Q, userId: number) {
  const [row] = await db
    .select({ ownerId: users.id, assessor: holdsAssessorRole(users.id), fileId: userInfos.competencyFileId, viewedAt: userInfos.competencyViewedAt })
    .from(users)
    .leftJoin(userInfos, eq(userInfos.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The stored competency PDF of this file id, with its owner's facts; null when it is no competency PDF. */
export async function findCompetencyFile(db: Q, fileId: number) {
  const [row] = await db
    .select({ file: files, ownerId: userInfos.userId, assessor: holdsAssessorRole(userInfos.userId) })
    .from(userInfos)
    .innerJoin(files, eq(files.id, userInfos.competencyFileId))
    .where(eq(userInfos.competencyFileId, fileId));
  return row ?? null;
}

// ---------------------------------------------------------------- publication categories

/** Every publication category, roots first by position, for the wizard's step 4. */
export function listCategories(db: Q) {
  return db
    .select({ id: publicationCategories.id, name: publicationCategories.name, parentId: publicationCategories.parentId })
    .from(publicationCategories)
    .orderBy(asc(publicationCategories.position), asc(publicationCategories.name), asc(publicationCategories.id));
}

/** The subcategories these ids name: a subcategory itself, a root all of its children (as POST /subscriptions reads them). */
export async function subcategoriesOf(db: Q, ids: number[]): Promise<{ known: Set<number>; subcategories: number[] }> {
  if (ids.length === 0) return { known: new Set(), subcategories: [] };
  const rows = await db
    .select({ id: publicationCategories.id, parentId: publicationCategories.parentId })
    .from(publicationCategories)
    .where(sql`${inArray(publicationCategories.id, ids)} or ${inArray(publicationCategories.parentId, ids)}`);
  const known = new Set(rows.filter((r) => ids.includes(r.id)).map((r) => r.id));
  const subcategories = [...new Set(rows.filter((r) => r.parentId !== null && (ids.includes(r.id) || ids.includes(r.parentId))).map((r) => r.id))];
  return { known, subcategories };
}

export async function subscribe(tx: Tx, userId: number, categoryIds: number[]) {
  if (categoryIds.length) await tx.insert(subscriptions).values(categoryIds.map((categoryId) => ({ userId, categoryId }))).onConflictDoNothing();
}

// ---------------------------------------------------------------- suggested-changes documents

/** A suggested-changes document by the name the client holds, with its file and the facts its rules read. */
export async function findSuggestion(db: Q, document: string) {
  const [row] = await db
    .select({ id: competencySuggestions.id, document: competencySuggestions.document, ownerId: competencySuggestions.userId, requestId: competencySuggestions.requestId, handler: userRequests.handler, file: files })
    .from(competencySuggestions)
    .innerJoin(files, eq(files.id, competencySuggestions.fileId))
    .leftJoin(userRequests, eq(userRequests.id, competencySuggestions.requestId))
    .where(eq(competencySuggestions.document, document));
  return row ? { ...row, handler: row.handler ?? null } : null;
}

/** The document a change travels with (its file's name is the orgDoc). */
export async function findSuggestionOfRequest(db: Q, requestId: number) {
  const [row] = await db
    .select({ document: competencySuggestions.document, name: files.name })
    .from(competencySuggestions)
    .innerJoin(files, eq(files.id, competencySuggestions.fileId))
    .where(eq(competencySuggestions.requestId, requestId));
  return row ?? null;
}

export async function insertSuggestion(tx: Tx, values: typeof competencySuggestions.$inferInsert) {
  await tx.insert(competencySuggestions).values(values);
}

/**
 * Removes a user's documents not sent yet (all, or the one named) and their file rows, under lock;
 * answers the storage keys to delete after commit.
 */
export async function deleteDraftSuggestions(tx: Tx, userId: number, document?: string): Promise<string[]> {
  const gone = await tx
    .delete(competencySuggestions)
    .where(and(eq(competencySuggestions.userId, userId), sql`${competencySuggestions.requestId} is null`, document ? eq(competencySuggestions.document, document) : undefined))
    .returning({ fileId: competencySuggestions.fileId });
  if (gone.length === 0) return [];
  const keys = await tx.delete(files).where(inArray(files.id, gone.map((g) => g.fileId))).returning({ key: files.storageKey });
  return keys.map((k) => k.key);
}

/** Names the user's draft document as the one their new change travels with; false when there is no such draft. */
export async function attachSuggestion(tx: Tx, userId: number, document: string, requestId: number): Promise<boolean> {
  const rows = await tx
    .update(competencySuggestions)
    .set({ requestId })
    .where(and(eq(competencySuggestions.userId, userId), eq(competencySuggestions.document, document), sql`${competencySuggestions.requestId} is null`))
    .returning({ id: competencySuggestions.id });
  return rows.length === 1;
}
