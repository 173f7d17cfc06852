import { and, eq, inArray } from 'drizzle-orm';
import { ROUTES, type Role } from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { subscriptions, userRoles, users } from '../../db/schema/index.js';

/** The roles that read publications: the route table's (spec/02: TA, AR, LA, CM). */
export const READER_ROLES = ROUTES.publications.access as readonly Role[];

/** Active users holding a reader role who subscribe to the subcategory with notify on. */
export async function notifiedSubscribers(
  tx: Db | Tx,
  categoryId: number,
  roles: readonly string[],
): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: subscriptions.userId })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(userRoles, eq(userRoles.userId, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.categoryId, categoryId),
        eq(subscriptions.notify, true),
        eq(users.activated, true),
        inArray(userRoles.role, [...roles]),
      ),
    );
  return rows.map((r) => r.id);
}
