import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { facilities, sites } from '../../db/schema/index.js';
import { representsSite } from '../../platform/policy.js';

type Q = Db | Tx;

/** The site with its facility when the user represents it, else null. */
export async function findRepresentedSite(db: Q, userId: number, id: number) {
  const [row] = await db
    .select({ site: sites, facility: { id: facilities.id, facilityNumber: facilities.facilityNumber, name: facilities.name } })
    .from(sites)
    .innerJoin(facilities, eq(facilities.id, sites.facilityId))
    .where(and(eq(sites.id, id), representsSite(userId, sites.id)))
    .limit(1);
  return row ?? null;
}

export async function updateSite(db: Q, id: number, set: Partial<typeof sites.$inferInsert>) {
  await db
    .update(sites)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(sites.id, id));
}
