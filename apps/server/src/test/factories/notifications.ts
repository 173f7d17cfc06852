import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { next } from './sequence.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** An unread notification for the user; `minutesAgo` orders several. */
export async function makeNotification(
  db: Db,
  user: { id: number },
  opts: Partial<typeof notifications.$inferInsert> & { minutesAgo?: number } = {},
): Promise<NotificationRow> {
  const { minutesAgo = 0, ...values } = opts;
  const n = next();
  const [row] = await db
    .insert(notifications)
    .values({
      type: 'Admin',
      title: `Notice ${n}`,
      body: `Body ${n}`,
      sender: 'Members Portal',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      ...values,
      userId: user.id,
    })
    .returning();
  return row!;
}
