import type { Db } from '../../db/client.js';
import { arSites, sites } from '../../db/schema/index.js';
import { makeFacility } from './facilities.js';
import { next } from './sequence.js';

export type SiteRow = typeof sites.$inferSelect;

/** A site of the facility given (a new facility when none is), with a fresh site number. */
export async function makeSite(db: Db, values: Partial<typeof sites.$inferInsert> = {}): Promise<SiteRow> {
  const n = next();
  const facilityId = values.facilityId ?? (await makeFacility(db)).id;
  const [row] = await db
    .insert(sites)
    .values({ siteNumber: `T${String(n).padStart(6, '0')}`, name: `Site ${n}`, state: 'NSW', ...values, facilityId })
    .returning();
  return row!;
}

/** Makes the user an authorised representative of the sites: what they see of facilities, jobs and invoices. */
export async function representSites(db: Db, user: { id: number }, ...siteList: { id: number }[]) {
  await db.insert(arSites).values(siteList.map((s) => ({ userId: user.id, siteId: s.id })));
}
