import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { forumCategories, forumFollows, forumReplies, forumThreads } from '../../db/schema/index.js';
import { sanitizePost, textOfPost } from '../../modules/forum/index.js';
import { next } from './sequence.js';

/** The id of a seeded forum category (the migration adds General, Technical, Meetings, Policy). */
export async function categoryId(db: Db, name = 'General'): Promise<number> {
  const [row] = await db.select({ id: forumCategories.id }).from(forumCategories).where(eq(forumCategories.name, name));
  return row!.id;
}

/** A discussion in a committee by an author (who follows it, as the service does). */
export async function makeThread(
  db: Db,
  opts: { committee: { id: number }; author: { id: number }; title?: string; post?: string; category?: string },
) {
  const body = await sanitizePost(opts.post ?? `<p>Thread body ${next()}</p>`);
  const [thread] = await db
    .insert(forumThreads)
    .values({
      committeeId: opts.committee.id,
      categoryId: await categoryId(db, opts.category),
      userId: opts.author.id,
      title: opts.title ?? `Thread ${next()}`,
      body,
      bodyText: await textOfPost(body),
    })
    .returning();
  await db.insert(forumFollows).values({ threadId: thread!.id, userId: opts.author.id });
  return thread!;
}

/** A reply in a thread (replies_count kept in step). */
export async function makeReply(
  db: Db,
  /** author null: a reply whose account is gone (user_id set null). */
  opts: { thread: { id: number }; author: { id: number } | null; post?: string; createdAt?: Date },
) {
  const body = await sanitizePost(opts.post ?? `<p>Reply ${next()}</p>`);
  const [reply] = await db
    .insert(forumReplies)
    .values({
      threadId: opts.thread.id,
      userId: opts.author?.id ?? null,
      body,
      bodyText: await textOfPost(body),
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  const [t] = await db
    .select({ n: forumThreads.repliesCount })
    .from(forumThreads)
    .where(eq(forumThreads.id, opts.thread.id));
  await db
    .update(forumThreads)
    .set({ repliesCount: t!.n + 1 })
    .where(eq(forumThreads.id, opts.thread.id));
  return reply!;
}
