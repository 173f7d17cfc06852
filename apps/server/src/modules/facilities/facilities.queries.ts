import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { arSites, facilities, sites } from '../../db/schema/index.js';
import { representedFacilityIds } from '../../platform/policy.js';

type Q = Db | Tx;
export type FacilityRow = typeof facilities.$inferSelect;

const mine = (userId: number) => inArray(facilities.id, representedFacilityIds(userId));

export async function listRepresentedFacilities(db: Q, userId: number, page: number, perPage: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(facilities)
      .where(mine(userId))
      .orderBy(asc(facilities.name), asc(facilities.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(facilities).where(mine(userId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The facility when the user represents one of its sites, else null. */
export async function findRepresentedFacility(db: Q, userId: number, by: { id: number } | { number: string }) {
  const [row] = await db
    .select()
    .from(facilities)
    .where(and('id' in by ? eq(facilities.id, by.id) : eq(facilities.facilityNumber, by.number), mine(userId)))
    .limit(1);
  return row ?? null;
}

/** The sites of a facility that the user represents. */
export function listRepresentedSitesOf(db: Q, userId: number, facilityId: number) {
  return db
    .select({ id: sites.id, siteNumber: sites.siteNumber, name: sites.name, status: sites.status, suburb: sites.suburb, state: sites.state })
    .from(sites)
    .innerJoin(arSites, and(eq(arSites.siteId, sites.id), eq(arSites.userId, userId)))
    .where(eq(sites.facilityId, facilityId))
    .orderBy(asc(sites.name), asc(sites.id));
}

export async function updateFacility(db: Q, id: number, set: Partial<typeof facilities.$inferInsert>) {
  const [row] = await db
    .update(facilities)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(facilities.id, id))
    .returning();
  return row ?? null;
}
