import { and, asc, desc, eq, inArray, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  committeeMembers,
  committees,
  files,
  forumAttachments,
  forumCategories,
  forumFollows,
  forumReplies,
  forumThreads,
  users,
} from '../../db/schema/index.js';
import type { Scope } from '../../platform/access.js';
import { isoTime } from '../../platform/iso-time.js';
import { decoded, statement } from '../../platform/prepared.js';
import { descIndexed } from '../../platform/order.js';
import { MARK_END, MARK_START } from './forum.sanitize.js';
import { extend } from '../../platform/objects.js';

type Q = Db | Tx;

const author = { id: users.id, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName };
const category = { id: forumCategories.id, name: forumCategories.name };

/**
 * A timestamptz column as the answers write it (isoTime of PostgreSQL's text): a page of 50 replies
 * made and printed about 100 Date objects a call.
 */
const isoOf = (column: Column) => decoded(sql`${column}`, (v) => isoTime(v as string));

const threadColumns = {
  id: forumThreads.id,
  committeeId: forumThreads.committeeId,
  title: forumThreads.title,
  createdAt: isoOf(forumThreads.createdAt),
  updatedAt: isoOf(forumThreads.updatedAt),
  repliesCount: forumThreads.repliesCount,
  userId: forumThreads.userId,
};

export const listCategories = (db: Q) => db.select(category).from(forumCategories).orderBy(asc(forumCategories.id));

export async function categoryExists(db: Q, id: number): Promise<boolean> {
  const [row] = await db.select({ id: forumCategories.id }).from(forumCategories).where(eq(forumCategories.id, id));
  return Boolean(row);
}

/** The placeholder of the listing user in the scopes the service passes (scopeFor(..., sql.placeholder(ME))). */
export const ME = 'me';

const inCommitteeScope = (scope: Scope) =>
  and(eq(forumThreads.committeeId, sql.placeholder('committeeId')), scope.where);

const threadsPage = statement((db, shape: { scope: Scope }) =>
  db
    .select({ thread: threadColumns, user: author, category })
    .from(forumThreads)
    .leftJoin(users, eq(users.id, forumThreads.userId))
    .innerJoin(forumCategories, eq(forumCategories.id, forumThreads.categoryId))
    .where(inCommitteeScope(shape.scope))
    .orderBy(descIndexed(forumThreads.lastActivityAt), descIndexed(forumThreads.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

const threadsCount = statement((db, shape: { scope: Scope }) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(forumThreads)
    .where(inCommitteeScope(shape.scope)),
);

export type ThreadRow = Awaited<ReturnType<typeof listThreads>>[number];

/** The list's statements, for the benchmark's baseline to run their SQL (bench/baseline-sql.mjs). */
export const threadStatements = { page: threadsPage, count: threadsCount };

/** One page of a committee's discussions, latest activity first, with author and category: `scope` with `ME` for its user. */
export function listThreads(db: Q, scope: Scope, me: number, committeeId: number, page: number, perPage: number) {
  return threadsPage(db, { scope }).execute({ [ME]: me, committeeId, limit: perPage, offset: (page - 1) * perPage });
}

export async function countThreads(db: Q, scope: Scope, me: number, committeeId: number): Promise<number> {
  const [row] = await threadsCount(db, { scope }).execute({ [ME]: me, committeeId });
  return row?.n ?? 0;
}

const threadById = statement((db) =>
  db
    .select({ thread: extend(threadColumns, { body: forumThreads.body }), user: author, category })
    .from(forumThreads)
    .leftJoin(users, eq(users.id, forumThreads.userId))
    .innerJoin(forumCategories, eq(forumCategories.id, forumThreads.categoryId))
    .where(eq(forumThreads.id, sql.placeholder('id'))),
);

/** The thread with its body, author and category; null when there is none. */
export async function findThread(db: Q, id: number) {
  const [row] = await threadById(db, {}).execute({ id });
  return row ?? null;
}

const threadFactsById = statement((db) =>
  db
    .select({
      id: forumThreads.id,
      committeeId: forumThreads.committeeId,
      authorId: forumThreads.userId,
      title: forumThreads.title,
    })
    .from(forumThreads)
    .where(eq(forumThreads.id, sql.placeholder('id'))),
);

/** What the rules need of a thread: its committee and author. */
export async function findThreadFacts(db: Q, id: number) {
  const [row] = await threadFactsById(db, {}).execute({ id });
  return row ?? null;
}

/** What the rules need of a reply: its thread's committee and its author. */
export async function findReplyFacts(db: Q, id: number) {
  const [row] = await db
    .select({
      id: forumReplies.id,
      threadId: forumReplies.threadId,
      committeeId: forumThreads.committeeId,
      authorId: forumReplies.userId,
    })
    .from(forumReplies)
    .innerJoin(forumThreads, eq(forumThreads.id, forumReplies.threadId))
    .where(eq(forumReplies.id, id));
  return row ?? null;
}

/**
 * A page of a thread's replies selected as the answer writes them (ForumReply: its keys, the author
 * nested and null when none), so the prepared statement's rows are the answer's rows, written with
 * one JSON.stringify; `documents` and `abilities` are filled by the service (getThread), written
 * null here so every row has the answer's shape from the start. The author's id stands for the
 * reply's user_id (set null with the user).
 */
const repliesPage = statement((db) =>
  db
    .select({
      id: forumReplies.id,
      thread_id: forumReplies.threadId,
      post: forumReplies.body,
      created_at: isoOf(forumReplies.createdAt),
      updated_at: isoOf(forumReplies.updatedAt),
      user: { id: users.id, first_name: users.firstName, middle_name: users.middleName, last_name: users.lastName },
      documents: sql<null>`null`,
      abilities: sql<null>`null`,
    })
    .from(forumReplies)
    .leftJoin(users, eq(users.id, forumReplies.userId))
    .where(eq(forumReplies.threadId, sql.placeholder('threadId')))
    .orderBy(descIndexed(forumReplies.createdAt), descIndexed(forumReplies.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

/** One page of a thread's replies, newest first, as the answer lists them (documents and abilities still null). */
export function listReplies(db: Q, threadId: number, page: number, perPage: number) {
  return repliesPage(db, {}).execute({ threadId, limit: perPage, offset: (page - 1) * perPage });
}

/** The discussion's replies statement, for the benchmark's baseline (bench/baseline-sql.mjs). */
export const replyStatements = { page: repliesPage };

export type ReplyRow = NonNullable<Awaited<ReturnType<typeof findReply>>>;

/** One reply with its author; null when there is none. */
export async function findReply(db: Q, id: number) {
  const [row] = await db
    .select({
      reply: {
        id: forumReplies.id,
        threadId: forumReplies.threadId,
        body: forumReplies.body,
        createdAt: isoOf(forumReplies.createdAt),
        updatedAt: isoOf(forumReplies.updatedAt),
        userId: forumReplies.userId,
      },
      user: author,
    })
    .from(forumReplies)
    .leftJoin(users, eq(users.id, forumReplies.userId))
    .where(eq(forumReplies.id, id));
  return row ?? null;
}

const attachmentColumns = {
  id: forumAttachments.id,
  threadId: forumAttachments.threadId,
  replyId: forumAttachments.replyId,
  fileId: files.id,
  name: files.name,
  size: files.size,
  createdAt: isoOf(files.createdAt),
};

const threadAttachments = statement((db) =>
  db
    .select(attachmentColumns)
    .from(forumAttachments)
    .innerJoin(files, eq(files.id, forumAttachments.fileId))
    .where(eq(forumAttachments.threadId, sql.placeholder('threadId')))
    .orderBy(asc(forumAttachments.id)),
);

export type AttachmentRow = Awaited<ReturnType<typeof attachmentsOfThread>>[number];

/** Every attachment of a thread and of its replies, in upload order. */
export function attachmentsOfThread(db: Q, threadId: number) {
  return threadAttachments(db, {}).execute({ threadId });
}

/** The attachments of one post: the thread's own (replyId null) or a reply's. */
export function attachmentsOfPost(db: Q, threadId: number, replyId: number | null) {
  return db
    .select(attachmentColumns)
    .from(forumAttachments)
    .innerJoin(files, eq(files.id, forumAttachments.fileId))
    .where(
      and(
        eq(forumAttachments.threadId, threadId),
        replyId === null ? isNull(forumAttachments.replyId) : eq(forumAttachments.replyId, replyId),
      ),
    )
    .orderBy(asc(forumAttachments.id));
}

/** An attachment with its stored file and its thread's committee; null when there is none. */
export async function findAttachment(db: Q, id: number) {
  const [row] = await db
    .select({ id: forumAttachments.id, committeeId: forumThreads.committeeId, file: files })
    .from(forumAttachments)
    .innerJoin(files, eq(files.id, forumAttachments.fileId))
    .innerJoin(forumThreads, eq(forumThreads.id, forumAttachments.threadId))
    .where(eq(forumAttachments.id, id));
  return row ?? null;
}

/** Locks the thread's row: attachment names of its posts are checked under it. */
export async function lockThread(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: forumThreads.id })
    .from(forumThreads)
    .where(eq(forumThreads.id, id))
    .for('update');
  return Boolean(row);
}

export async function insertThread(tx: Tx, values: typeof forumThreads.$inferInsert) {
  const [row] = await tx.insert(forumThreads).values(values).returning({ id: forumThreads.id });
  return row!.id;
}

export function updateThread(
  tx: Tx,
  id: number,
  values: Pick<typeof forumThreads.$inferInsert, 'title' | 'body' | 'bodyText' | 'categoryId'>,
) {
  return tx
    .update(forumThreads)
    .set(extend(values, { updatedAt: sql`now()` }))
    .where(eq(forumThreads.id, id));
}

export async function insertReply(tx: Tx, values: typeof forumReplies.$inferInsert) {
  const [row] = await tx.insert(forumReplies).values(values).returning({ id: forumReplies.id });
  await tx
    .update(forumThreads)
    .set({ repliesCount: sql`${forumThreads.repliesCount} + 1`, lastActivityAt: sql`now()` })
    .where(eq(forumThreads.id, values.threadId));
  return row!.id;
}

export function updateReply(tx: Tx, id: number, values: Pick<typeof forumReplies.$inferInsert, 'body' | 'bodyText'>) {
  return tx
    .update(forumReplies)
    .set(extend(values, { updatedAt: sql`now()` }))
    .where(eq(forumReplies.id, id));
}

export function insertAttachments(tx: Tx, threadId: number, replyId: number | null, fileIds: number[]) {
  if (fileIds.length === 0) return Promise.resolve();
  return tx.insert(forumAttachments).values(fileIds.map((fileId) => ({ threadId, replyId, fileId })));
}

/** Removes the rows of these files (their attachments first); returns the storage keys to delete after commit. */
export async function deleteFiles(tx: Tx, fileIds: number[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  await tx.delete(forumAttachments).where(inArray(forumAttachments.fileId, fileIds));
  const gone = await tx.delete(files).where(inArray(files.id, fileIds)).returning({ key: files.storageKey });
  return gone.map((f) => f.key);
}

/** Keeps a post's attachment_names (part of its search text) in step with its attachments. */
export async function refreshAttachmentNames(tx: Tx, threadId: number, replyId: number | null) {
  // Each name also split at dots, dashes and underscores: 'uncertainty-budget.txt' is found by 'budget'.
  const names = sql`coalesce((select string_agg(${files.name} || ' ' || regexp_replace(${files.name}, '[-_.]+', ' ', 'g'), ' ' order by ${forumAttachments.id}) from ${forumAttachments} inner join ${files} on ${files.id} = ${forumAttachments.fileId} where ${forumAttachments.threadId} = ${threadId} and ${
    replyId === null ? sql`${forumAttachments.replyId} is null` : sql`${forumAttachments.replyId} = ${replyId}`
  }), '')`;
  if (replyId === null)
    await tx.update(forumThreads).set({ attachmentNames: names }).where(eq(forumThreads.id, threadId));
  else await tx.update(forumReplies).set({ attachmentNames: names }).where(eq(forumReplies.id, replyId));
}

export async function deleteThread(tx: Tx, id: number) {
  await tx.delete(forumThreads).where(eq(forumThreads.id, id));
}

export async function deleteReply(tx: Tx, id: number, threadId: number) {
  await tx.delete(forumReplies).where(eq(forumReplies.id, id));
  await tx
    .update(forumThreads)
    .set({ repliesCount: sql`greatest(${forumThreads.repliesCount} - 1, 0)` })
    .where(eq(forumThreads.id, threadId));
}

const following = statement((db) =>
  db
    .select({ one: sql<number>`1` })
    .from(forumFollows)
    .where(
      and(eq(forumFollows.threadId, sql.placeholder('threadId')), eq(forumFollows.userId, sql.placeholder('userId'))),
    ),
);

export async function isFollowing(db: Q, threadId: number, userId: number): Promise<boolean> {
  const [row] = await following(db, {}).execute({ threadId, userId });
  return Boolean(row);
}

export async function follow(db: Q, threadId: number, userId: number) {
  await db.insert(forumFollows).values({ threadId, userId }).onConflictDoNothing();
}

export async function unfollow(db: Q, threadId: number, userId: number) {
  await db.delete(forumFollows).where(and(eq(forumFollows.threadId, threadId), eq(forumFollows.userId, userId)));
}

/** How a term becomes a tsquery: its words by websearch rules, the last one as a prefix, or both. */
export type SearchKind = 'web' | 'prefix' | 'both';

/**
 * A search term's parts: websearch syntax for the words, and the last word also as a prefix (so
 * 'chromat' finds 'chromatography' while typing). The kind decides the statement; the words and
 * the prefix are its values.
 */
export function searchTerms(term: string): { kind: SearchKind; words: string; prefix: string } {
  const words = term.trim().split(/\s+/);
  const last = words[words.length - 1] ?? '';
  if (!/^[\p{L}\p{N}]+$/u.test(last)) return { kind: 'web', words: term, prefix: '' };
  const head = words.slice(0, -1).join(' ');
  return { kind: head ? 'both' : 'prefix', words: head, prefix: `'${last}':*` };
}

/**
 * The tsquery of a kind, its values as placeholders ('words', 'prefix'); stemmed with 'english' like
 * the stored vectors. A scalar subquery, so a prepared statement's generic plan parses it once per
 * call (an InitPlan), not once per row it tests.
 */
function searchQuery(kind: SearchKind): SQL {
  const web = sql`websearch_to_tsquery('english', ${sql.placeholder('words')})`;
  const prefix = sql`to_tsquery('english', ${sql.placeholder('prefix')})`;
  return sql`(select ${kind === 'web' ? web : kind === 'prefix' ? prefix : sql`${web} && ${prefix}`})`;
}

/** A thread's words and its replies' words, tested on the committee's threads (read through forum_threads_committee_activity_idx). */
const threadAndReplies = sql`(${forumThreads.search} || ${forumThreads.repliesSearch})`;

const inCommittee = (scope: Scope, query: SQL) => and(inCommitteeScope(scope), sql`${threadAndReplies} @@ ${query}`);

/**
 * A page of a committee's discussions matching the query in their own text (title, body,
 * attachment names) or in a reply's, best first (a hit in a reply weighs 0.9 of one in the
 * thread), each with how many match in all and its snippet: cut from the thread's own text when
 * it matches, else from its best matching reply. The committee's threads are read by its index and
 * one vector a thread is tested; ts_headline and the reply lookup run only for the rows of the page.
 */
const searchPage = statement((db, shape: { kind: SearchKind; scope: Scope }) => {
  const query = searchQuery(shape.kind);
  const rank = sql<number>`greatest(ts_rank(${forumThreads.search}, ${query}), ts_rank(${forumThreads.repliesSearch}, ${query}) * 0.9)`;
  const hits = db
    .select({
      id: sql<number>`${forumThreads.id}`.as('hit_id'),
      rank: rank.as('rank'),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(forumThreads)
    .where(inCommittee(shape.scope, query))
    // "rank": the column above, computed once a row.
    .orderBy(sql`"rank" desc`, desc(forumThreads.lastActivityAt), desc(forumThreads.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('hits');
  const bestReply = sql`(select ${forumReplies.bodyText} || ' ' || ${forumReplies.attachmentNames} from ${forumReplies} where ${forumReplies.threadId} = ${forumThreads.id} and ${forumReplies.search} @@ ${query} order by ts_rank(${forumReplies.search}, ${query}) desc, ${forumReplies.id} limit 1)`;
  const text = sql`case when ${forumThreads.search} @@ ${query} then ${forumThreads.title} || '. ' || ${forumThreads.bodyText} || ' ' || ${forumThreads.attachmentNames} else coalesce(${bestReply}, ${forumThreads.bodyText}) end`;
  return db
    .select({
      thread: threadColumns,
      user: author,
      category,
      total: sql<number>`${hits.total}::int`,
      headline: sql<string>`ts_headline('english', ${text}, ${query}, ${sql.placeholder('options')})`,
    })
    .from(hits)
    .innerJoin(forumThreads, eq(forumThreads.id, hits.id))
    .leftJoin(users, eq(users.id, forumThreads.userId))
    .innerJoin(forumCategories, eq(forumCategories.id, forumThreads.categoryId))
    .orderBy(desc(hits.rank), desc(forumThreads.lastActivityAt), desc(forumThreads.id));
});

const searchCount = statement((db, shape: { kind: SearchKind; scope: Scope }) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(forumThreads)
    .where(inCommittee(shape.scope, searchQuery(shape.kind))),
);

/** The search's statements, for the benchmark's baseline (bench/baseline-sql.mjs). */
export const searchStatements = { page: searchPage, count: searchCount };

export const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** A page of a committee's discussions matching the term (scoped to the committee in SQL), and how many match. */
export async function searchThreads(
  db: Q,
  scope: Scope,
  me: number,
  committeeId: number,
  term: string,
  page: number,
  perPage: number,
) {
  const { kind, words, prefix } = searchTerms(term);
  const values = { [ME]: me, committeeId, words, prefix };
  const rows = await searchPage(db, { kind, scope }).execute(
    extend(values, { limit: perPage, offset: (page - 1) * perPage, options: HEADLINE_OPTIONS }),
  );
  // Past the last page there is no row to carry the total: count them alone.
  const total =
    rows[0]?.total ?? (page > 1 ? ((await searchCount(db, { kind, scope }).execute(values))[0]?.n ?? 0) : 0);
  return { rows, total };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const memberTitle = sql`coalesce(nullif(${users.title}, ''), 'General')`;
const memberIsAdmin = sql<boolean>`coalesce(${committees.adminId} = ${users.id}, false)`;

/** The members' filter: the committee, the scope, active users, and any of `words` search words (placeholders like0, like1, ...). */
function membersWhere(shape: { scope: Scope; words: number }) {
  const matches = Array.from({ length: shape.words }, (_, i) => {
    const like = sql.placeholder(`like${i}`);
    return sql`(${users.firstName} ilike ${like} or ${users.lastName} ilike ${like} or ${memberTitle} ilike ${like} or coalesce(${users.mobileNumber}, '') ilike ${like} or ${users.email} ilike ${like})`;
  });
  return and(
    eq(committeeMembers.committeeId, sql.placeholder('committeeId')),
    shape.scope.where,
    eq(users.activated, true),
    ...(matches.length ? [sql`(${sql.join(matches, sql` or `)})`] : []),
  );
}

/**
 * A page of members, each row the card itself (memberCard's fields by their names), so the answer
 * writes the rows as they come; the shape is the scope and how many search words.
 */
const membersPage = statement((db, shape: { scope: Scope; words: number }) =>
  db
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      title: sql<string>`${memberTitle}`,
      mobile_number: users.mobileNumber,
      email: users.email,
      admin: memberIsAdmin,
      is_you: sql<boolean>`${users.id} = ${sql.placeholder(ME)}`,
    })
    .from(committeeMembers)
    .innerJoin(users, eq(users.id, committeeMembers.userId))
    .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
    .where(membersWhere(shape))
    .orderBy(desc(memberIsAdmin), asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

const membersCount = statement((db, shape: { scope: Scope; words: number }) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(committeeMembers)
    .innerJoin(users, eq(users.id, committeeMembers.userId))
    .where(membersWhere(shape)),
);

/** The members list's statements, for the benchmark's baseline (bench/baseline-sql.mjs). */
export const memberStatements = { page: membersPage, count: membersCount };

/**
 * A page of a committee's active members (admin first, then by name), matching any of the words
 * in first name, last name, title ('General' when none), phone or email; and how many match.
 * `scope` with `ME` for its user.
 */
export async function listMembers(
  db: Q,
  scope: Scope,
  committeeId: number,
  words: string[],
  meId: number,
  page: number,
  perPage: number,
) {
  const shape = { scope, words: words.length };
  const values: Record<string, unknown> = { [ME]: meId, committeeId };
  words.forEach((w, i) => (values[`like${i}`] = `%${escapeLike(w)}%`));
  const [rows, [count]] = await Promise.all([
    membersPage(db, shape).execute(extend(values, { limit: perPage, offset: (page - 1) * perPage })),
    membersCount(db, shape).execute(values),
  ]);
  return { rows, total: count?.n ?? 0 };
}
