import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { arSites, facilities, sites } from '../../db/schema/index.js';
import { representedFacilityIds } from '../../platform/policy.js';
import { extend } from '../../platform/objects.js';

type Q = Db | Tx;
export type FacilityRow = typeof facilities.$inferSelect;

export async function listFacilities(db: Q, scope: SQL, page: number, perPage: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(facilities)
      .where(scope)
      .orderBy(asc(facilities.name), asc(facilities.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(facilities)
      .where(scope),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The facility, and whether the user represents one of its sites; null when there is none. */
export async function findFacility(db: Q, userId: number, by: { id: number } | { number: string }) {
  const [row] = await db
    .select({ facility: facilities, represented: sql<boolean>`${facilities.id} in ${representedFacilityIds(userId)}` })
    .from(facilities)
    .where('id' in by ? eq(facilities.id, by.id) : eq(facilities.facilityNumber, by.number))
    .limit(1);
  return row ? extend(row.facility, { represented: row.represented }) : null;
}

/** The sites of a facility that the user represents. */
export function listRepresentedSitesOf(db: Q, userId: number, facilityId: number) {
  return db
    .select({
      id: sites.id,
      siteNumber: sites.siteNumber,
      name: sites.name,
      status: sites.status,
      suburb: sites.suburb,
      state: sites.state,
    })
    .from(sites)
    .innerJoin(arSites, and(eq(arSites.siteId, sites.id), eq(arSites.userId, userId)))
    .where(eq(sites.facilityId, facilityId))
    .orderBy(asc(sites.name), asc(sites.id));
}

export async function updateFacility(db: Q, id: number, set: Partial<typeof facilities.$inferInsert>) {
  const [row] = await db
    .update(facilities)
    .set(extend(set, { updatedAt: new Date() }))
    .where(eq(facilities.id, id))
    .returning();
  return row ?? null;
}
