import type { Db } from '../../db/client.js';
import { facilities } from '../../db/schema/index.js';
import { next } from './sequence.js';

export type FacilityRow = typeof facilities.$inferSelect;

/** A facility with a fresh 6-digit number (from 900001, away from the demo data's). */
export async function makeFacility(db: Db, values: Partial<typeof facilities.$inferInsert> = {}): Promise<FacilityRow> {
  const n = next();
  const [row] = await db
    .insert(facilities)
    .values({ facilityNumber: String(900_000 + n), name: `Facility ${n}`, state: 'NSW', ...values })
    .returning();
  return row!;
}
