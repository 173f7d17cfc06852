import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { committeeMembers } from '../../db/schema/index.js';

/** A CM sees the notifications of the committees they belong to, and no other. */
export async function findCommitteeIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: committeeMembers.committeeId })
    .from(committeeMembers)
    .where(eq(committeeMembers.userId, userId));
  return rows.map((r) => r.id);
}
