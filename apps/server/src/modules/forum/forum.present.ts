import {
  ABILITIES,
  type ForumDocument,
  type ForumReply,
  type ForumSearchResult,
  type ForumThreadSummary,
  type ForumUser,
} from '@portal/shared';
import { abilitiesOf } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type * as q from './forum.queries.js';

/** The answers of the forum's calls (packages/shared schemas/forum.ts), with the abilities the web app shows buttons from. */

type Author = { id: number; firstName: string; middleName: string | null; lastName: string } | null;

export const presentUser = (u: Author): ForumUser =>
  u ? { id: u.id, first_name: u.firstName, middle_name: u.middleName, last_name: u.lastName } : null;

type SummaryRow = Parameters<typeof presentSummary>[0];

/**
 * A search hit: the summary with its snippet. Added with Object.assign, not `{ ...summary, snippet }`:
 * a spread followed by a new key made a new object shape on every call (bench/README.md).
 */
export function presentSearchHit(row: SummaryRow, snippet: string): ForumSearchResult {
  return Object.assign(presentSummary(row), { snippet });
}

export function presentSummary(row: {
  thread: {
    id: number;
    committeeId: number;
    title: string;
    createdAt: string;
    updatedAt: string;
    repliesCount: number;
  };
  user: Author;
  category: { id: number; name: string };
}): ForumThreadSummary {
  const t = row.thread;
  return {
    id: t.id,
    title: t.title,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
    replies_count: t.repliesCount,
    committee_id: t.committeeId,
    user: presentUser(row.user),
    categories: [row.category],
  };
}

export const presentDocument = (a: q.AttachmentRow): ForumDocument => ({
  id: a.id,
  name: a.name,
  size: a.size,
  uploadable_type: a.replyId === null ? 'thread' : 'reply',
  uploadable_id: a.replyId ?? a.threadId,
  created_at: a.createdAt,
});

/** What an actor may do to a reply, by its author: the rule reads the reply's committee and author only. */
export type ReplyAbilities = (authorId: number | null) => ForumReply['abilities'];

/**
 * A discussion's replies share one committee, and the rule reads a reply's author only as the user
 * or someone else (forum.policy.ts, `author`), as the calendar's events do: the abilities are asked
 * for at most twice a page, not once per author (a page of 50 replies may have 50 authors).
 */
export function replyAbilities(actor: Actor, committeeId: number): ReplyAbilities {
  let mine: ForumReply['abilities'] | undefined;
  let others: ForumReply['abilities'] | undefined;
  return (authorId) =>
    authorId === actor.user.id
      ? (mine ??= abilitiesOf(actor, ABILITIES.forumReply, { committeeId, authorId }))
      : (others ??= abilitiesOf(actor, ABILITIES.forumReply, { committeeId, authorId: null }));
}

export function presentReply(row: q.ReplyRow, abilities: ReplyAbilities, documents: ForumDocument[]): ForumReply {
  const r = row.reply;
  return {
    id: r.id,
    thread_id: r.threadId,
    post: r.body,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    user: presentUser(row.user),
    documents,
    abilities: abilities(r.userId),
  };
}
