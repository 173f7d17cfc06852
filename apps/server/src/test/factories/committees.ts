import type { Db } from '../../db/client.js';
import { committeeMembers, committees } from '../../db/schema/index.js';
import { next } from './sequence.js';

export type CommitteeRow = typeof committees.$inferSelect;

/** A committee with its members; `admin` is its committee administrator (a member too). */
export async function makeCommittee(
  db: Db,
  opts: { name?: string; admin?: { id: number }; members?: { user: { id: number }; canWrite?: boolean }[] } = {},
): Promise<CommitteeRow> {
  const [committee] = await db
    .insert(committees)
    .values({ name: opts.name ?? `Committee ${next()}`, adminId: opts.admin?.id ?? null })
    .returning();
  const members = [...(opts.admin ? [{ user: opts.admin, canWrite: true }] : []), ...(opts.members ?? [])];
  if (members.length > 0) {
    await db
      .insert(committeeMembers)
      .values(members.map((m) => ({ committeeId: committee!.id, userId: m.user.id, canWrite: m.canWrite ?? false })));
  }
  return committee!;
}
