import { sql, type SQL } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './files.js';
import { committees, users } from './users.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The forum's search text: title (weight A), the post's text without tags (B) and the names of
 * its attachments (C), kept by PostgreSQL itself as a stored generated column. 'english' is spelled
 * as a regconfig so the expression is immutable, as a generated column needs.
 */
const searchOf = (title: SQL | null, bodyText: SQL, attachmentNames: SQL) =>
  sql`${title ? sql`setweight(to_tsvector('english'::regconfig, ${title}), 'A') || ` : sql``}setweight(to_tsvector('english'::regconfig, ${bodyText}), 'B') || setweight(to_tsvector('english'::regconfig, ${attachmentNames}), 'C')`;

export const forumCategories = pgTable('forum_categories', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
});

/**
 * A discussion of one committee. body is the sanitized HTML (the server's allow-list), body_text
 * its text for search and snippets; attachment_names is kept by the service whenever the thread's
 * own attachments change. replies_count and last_activity_at change with each reply.
 * replies_search is the search text of all its replies (their `search` vectors concatenated), kept
 * by PostgreSQL triggers on forum_replies (migration 0013): with the thread's own `search` it is
 * one vector a search tests per thread, so it finds a thread by its own words or its replies'
 * without looking at replies thread by thread.
 */
export const forumThreads = pgTable(
  'forum_threads',
  {
    id: serial().primaryKey(),
    committeeId: integer()
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => forumCategories.id),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    body: text().notNull(),
    bodyText: text().notNull(),
    attachmentNames: text().notNull().default(''),
    repliesCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs((): SQL =>
        searchOf(sql`${forumThreads.title}`, sql`${forumThreads.bodyText}`, sql`${forumThreads.attachmentNames}`),
      ),
    repliesSearch: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    // A search reads the committee's threads through this index and tests one vector per thread,
    // `search || replies_search` (forum.queries.ts threadAndReplies). No GIN index: scoped to a
    // committee, PostgreSQL ANDed a GIN scan of every committee's threads with this one, ten times
    // slower for a common word than reading the committee's threads alone (bench/README.md, Forum).
    index('forum_threads_committee_activity_idx').on(t.committeeId, t.lastActivityAt.desc(), t.id.desc()),
  ],
);

export const forumReplies = pgTable(
  'forum_replies',
  {
    id: serial().primaryKey(),
    threadId: integer()
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    bodyText: text().notNull(),
    attachmentNames: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs((): SQL =>
        searchOf(null, sql`${forumReplies.bodyText}`, sql`${forumReplies.attachmentNames}`),
      ),
  },
  // No GIN index of its own: a search finds threads through forum_threads_search_all_idx, and a
  // reply's vector is read only for the snippet of a thread on the page.
  (t) => [index('forum_replies_thread_created_idx').on(t.threadId, t.createdAt.desc(), t.id.desc())],
);

/** An attachment names its stored file; reply_id is null for the thread's own attachments. */
export const forumAttachments = pgTable(
  'forum_attachments',
  {
    id: serial().primaryKey(),
    threadId: integer()
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    replyId: integer().references(() => forumReplies.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .unique()
      .references(() => files.id),
  },
  (t) => [index('forum_attachments_thread_idx').on(t.threadId), index('forum_attachments_reply_idx').on(t.replyId)],
);

export const forumFollows = pgTable(
  'forum_follows',
  {
    threadId: integer()
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('forum_follows_user_idx').on(t.userId)],
);
