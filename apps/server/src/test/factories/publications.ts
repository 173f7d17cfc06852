import type { Db } from '../../db/client.js';
import { publicationCategories, subscriptions } from '../../db/schema/index.js';
import { next } from './sequence.js';

/** A root category with subcategories (names made unique per call). */
export async function makeCategoryTree(db: Db, subs = 2) {
  const n = next();
  const [root] = await db
    .insert(publicationCategories)
    .values({ name: `Root ${n}` })
    .returning();
  const children = await db
    .insert(publicationCategories)
    .values(Array.from({ length: subs }, (_, i) => ({ name: `Sub ${n}.${i + 1}`, parentId: root!.id, position: i })))
    .returning();
  return { root: root!, subs: children };
}

export async function makeSubscription(db: Db, userId: number, categoryId: number, notify = false) {
  await db.insert(subscriptions).values({ userId, categoryId, notify });
}
