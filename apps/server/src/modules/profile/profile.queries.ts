import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ASSESSOR_ROLES } from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  arSites,
  committeeMembers,
  committees,
  competencySuggestions,
  facilities,
  files,
  sites,
  userInfos,
  userRequests,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { extend } from '../../platform/objects.js';

type Q = Db | Tx;

/** A profile change, waiting for the admin who handles the user. */
export async function insertChangeRequest(db: Q, values: Omit<typeof userRequests.$inferInsert, 'type'>) {
  const [row] = await db
    .insert(userRequests)
    .values(extend(values, { type: 'update' }))
    .returning();
  return row!;
}

export async function findUser(db: Q, id: number) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u ?? null;
}

export async function findUserInfo(db: Q, userId: number) {
  const [row] = await db.select().from(userInfos).where(eq(userInfos.userId, userId));
  return row ?? null;
}

export async function upsertUserInfo(db: Q, userId: number, values: Partial<typeof userInfos.$inferInsert>) {
  await db
    .insert(userInfos)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userInfos.userId, set: extend(values, { updatedAt: new Date() }) });
}

export async function updateUserContact(db: Q, userId: number, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set(extend(values, { updatedAt: new Date() }))
    .where(eq(users.id, userId));
}

/** The sites an AR represents, 'number - name' by facility; the committees a user belongs to. */
export async function findMembershipsOf(db: Q, userId: number) {
  const siteRows = await db
    .select({
      facilityNumber: facilities.facilityNumber,
      facilityName: facilities.name,
      siteNumber: sites.siteNumber,
      siteName: sites.name,
    })
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

/** The user holds an assessor's role. */
const holdsAssessorRole = (userId: unknown) =>
  sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${inArray(userRoles.role, [...ASSESSOR_ROLES])})`;

/** A user's competency facts: their PDF's file id, and whether they are an assessor. */
export async function findCompetencyOf(db: Q, userId: number) {
  const [row] = await db
    .select({
      ownerId: users.id,
      assessor: holdsAssessorRole(users.id),
      fileId: userInfos.competencyFileId,
      viewedAt: userInfos.competencyViewedAt,
    })
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

// ---------------------------------------------------------------- suggested-changes documents

/** A suggested-changes document by the name the client holds, with its file and the facts its rules read. */
export async function findSuggestion(db: Q, document: string) {
  const [row] = await db
    .select({
      id: competencySuggestions.id,
      document: competencySuggestions.document,
      ownerId: competencySuggestions.userId,
      requestId: competencySuggestions.requestId,
      handler: userRequests.handler,
      file: files,
    })
    .from(competencySuggestions)
    .innerJoin(files, eq(files.id, competencySuggestions.fileId))
    .leftJoin(userRequests, eq(userRequests.id, competencySuggestions.requestId))
    .where(eq(competencySuggestions.document, document));
  return row ? extend(row, { handler: row.handler ?? null }) : null;
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
    .where(
      and(
        eq(competencySuggestions.userId, userId),
        sql`${competencySuggestions.requestId} is null`,
        document ? eq(competencySuggestions.document, document) : undefined,
      ),
    )
    .returning({ fileId: competencySuggestions.fileId });
  if (gone.length === 0) return [];
  const keys = await tx
    .delete(files)
    .where(
      inArray(
        files.id,
        gone.map((g) => g.fileId),
      ),
    )
    .returning({ key: files.storageKey });
  return keys.map((k) => k.key);
}

/** Names the user's draft document as the one their new change travels with; false when there is no such draft. */
export async function attachSuggestion(tx: Tx, userId: number, document: string, requestId: number): Promise<boolean> {
  const rows = await tx
    .update(competencySuggestions)
    .set({ requestId })
    .where(
      and(
        eq(competencySuggestions.userId, userId),
        eq(competencySuggestions.document, document),
        sql`${competencySuggestions.requestId} is null`,
      ),
    )
    .returning({ id: competencySuggestions.id });
  return rows.length === 1;
}
