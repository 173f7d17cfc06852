import { FORUM_MESSAGES } from '@portal/shared';
import { sql, type SQL } from 'drizzle-orm';
import { committeeMembers, forumThreads } from '../../db/schema/index.js';
import { RuleSet, type UserRef } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { holdsAny } from '../../platform/policy.js';

/**
 * The forum (spec/02 section 6; DECISIONS "People and roles"): committee members (CM)
 * see their committees' discussions, replies, attachments and members; anyone else gets 404, the
 * same as for a missing record. Starting a discussion needs the committee's write flag or being
 * its admin (403 otherwise); any member may reply (docs/DECISIONS.md); only the author edits or
 * deletes a thread or a reply (403).
 */

/** The committee a call acts in (committeeid, committeId, cmid). */
export interface CommitteeFacts {
  committeeId: number;
}

/** A thread or a reply: its committee and its author (null when the account is gone). */
export interface PostFacts extends CommitteeFacts {
  authorId: number | null;
}

const isCm = (actor: Actor) => holdsAny(actor, 'CM');
const membershipIn = (actor: Actor, committeeId: number) => actor.committees.find((c) => c.id === committeeId);
const member = (actor: Actor, record: CommitteeFacts) => membershipIn(actor, record.committeeId) !== undefined;
const author = (actor: Actor, post: PostFacts) => (post.authorId === actor.user.id ? true : FORUM_MESSAGES.authorOnly);

/** The committees the user belongs to (a subquery). */
const committeesOf = (me: UserRef): SQL =>
  sql`(select ${committeeMembers.committeeId} from ${committeeMembers} where ${committeeMembers.userId} = ${me})`;

/** The area's access rules, listed in its module descriptor (index.ts). */
export const forumRules = new RuleSet();

forumRules.define<CommitteeFacts>({
  'forum.category.list': { can: isCm },
  // Lists and searches read one committee's threads, and only of a committee the user belongs to.
  'forum.thread.list': {
    can: isCm,
    sees: member,
    scope: (_actor, me) => sql`${forumThreads.committeeId} in ${committeesOf(me)}`,
    scopeKey: () => 'member',
  },
  'forum.member.list': {
    can: isCm,
    sees: member,
    scope: (_actor, me) => sql`${committeeMembers.committeeId} in ${committeesOf(me)}`,
    scopeKey: () => 'member',
  },
  'forum.thread.create': {
    can: isCm,
    sees: member,
    may: (actor, c) => {
      const m = membershipIn(actor, c.committeeId);
      return m?.admin || m?.write ? true : FORUM_MESSAGES.writeNotAllowed;
    },
  },
  'forum.thread.view': { can: isCm, sees: member },
  'forum.thread.follow': { can: isCm, sees: member },
  'forum.reply.create': { can: isCm, sees: member },
  'forum.attachment.download': { can: isCm, sees: member },
});

forumRules.define<PostFacts>({
  'forum.thread.update': { can: isCm, sees: member, may: author },
  'forum.thread.delete': { can: isCm, sees: member, may: author },
  'forum.reply.update': { can: isCm, sees: member, may: author },
  'forum.reply.delete': { can: isCm, sees: member, may: author },
});
