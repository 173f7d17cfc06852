import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { facilities, sites } from '../../db/schema/index.js';
import { representsSite } from '../../platform/policy.js';
import { extend } from '../../platform/objects.js';

type Q = Db | Tx;

/** The site with its facility, and whether the user represents it; null when there is none. */
export async function findSite(db: Q, userId: number, id: number) {
  const [row] = await db
    .select({
      site: sites,
      facility: { id: facilities.id, facilityNumber: facilities.facilityNumber, name: facilities.name },
      represented: sql<boolean>`${representsSite(userId, sites.id)}`,
    })
    .from(sites)
    .innerJoin(facilities, eq(facilities.id, sites.facilityId))
    .where(eq(sites.id, id))
    .limit(1);
  return row ?? null;
}

export async function updateSite(db: Q, id: number, set: Partial<typeof sites.$inferInsert>) {
  await db
    .update(sites)
    .set(extend(set, { updatedAt: new Date() }))
    .where(eq(sites.id, id));
}
