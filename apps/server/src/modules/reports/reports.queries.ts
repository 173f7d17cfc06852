import { sql, type SQL } from 'drizzle-orm';
import type { ReportOptionId } from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { userInfos, users } from '../../db/schema/index.js';
import { userHolds } from '../../platform/policy.js';

export interface UnusedRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  lastUsed: Date | null;
  reviewedAt: Date | null;
}

/**
 * Active technical assessors not used for `months`: for each option chosen, its date is missing or
 * older than that many months (both chosen: both). Longest unused first.
 */
export async function listUnusedAssessors(
  db: Db | Tx,
  months: number,
  options: ReportOptionId[],
): Promise<UnusedRow[]> {
  const cutoff = sql`now() - make_interval(months => ${months}::int)`;
  const stale: SQL[] = options.map((o) =>
    o === 1
      ? sql`(${userInfos.reviewedAt} is null or ${userInfos.reviewedAt} < ${cutoff})`
      : sql`(${users.lastUsed} is null or ${users.lastUsed} < ${cutoff})`,
  );
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      lastUsed: users.lastUsed,
      reviewedAt: userInfos.reviewedAt,
    })
    .from(users)
    .leftJoin(userInfos, sql`${userInfos.userId} = ${users.id}`)
    .where(sql`${users.activated} and ${userHolds('TA')} and ${sql.join(stale, sql` and `)}`)
    .orderBy(sql`${users.lastUsed} asc nulls first`, users.lastName, users.firstName, users.id);
  return rows;
}
