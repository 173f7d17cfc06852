import { z } from 'zod';
import { FORUM_LIMITS, LIMITS, PAGE_SIZES } from '../constants.js';
import { FORUM_MESSAGES } from '../messages.js';
import { abilitiesSchema } from '../permissions.js';
import { PG_INT_MAX, safeId, safeString } from './common.js';
import { committeeMember } from './committees.js';
import { pageQuery, paged } from './paging.js';

/**
 * The forum and the members list (spec/02 sections 2, 3, 5, 7). Request fields keep the
 * spec's names (committeId, cmid, committeeid, discussionTitle, postContent ...).
 */

/** The text of a post's HTML: tags dropped, entities of spaces read as spaces, whitespace collapsed. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when the HTML shows some text (the editor's empty document is '<p></p>'). */
export const htmlHasText = (html: string) => textOfHtml(html).length > 0;

/** An id sent as a form field, with one message for missing, empty or not a number. */
const formId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: message }).int(message).positive(message).max(PG_INT_MAX, message),
  );

export const discussionTitle = safeString({ error: FORUM_MESSAGES.titleRequired })
  .trim()
  .min(1, FORUM_MESSAGES.titleRequired)
  .max(LIMITS.discussionTitleMax, FORUM_MESSAGES.titleMax);

export const postContent = safeString({ error: FORUM_MESSAGES.contentRequired })
  .max(FORUM_LIMITS.postContentMax, FORUM_MESSAGES.contentMax(FORUM_LIMITS.postContentMax))
  .refine(htmlHasText, FORUM_MESSAGES.contentRequired);

/** existingFiles[]: the ids of the post's attachments to keep (one field per id; absent: none kept). */
const existingFiles = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(formId(FORUM_MESSAGES.attachmentUnknown)).max(LIMITS.filesPerUploadMax * 10),
);
const filesCount = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().int().min(0).max(LIMITS.filesPerUploadMax).optional(),
);
const methodPut = z.enum(['put', 'PUT']).optional();

/** The browser's discussion form (New / Edit Discussion): the fields a user types. */
export const discussionForm = z.object({
  discussionTitle,
  categories: safeString({ error: FORUM_MESSAGES.categoryRequired }).min(1, FORUM_MESSAGES.categoryRequired),
  postContent,
});
export type DiscussionFormValues = z.input<typeof discussionForm>;

/** The browser's reply form. */
export const replyForm = z.object({ postContent });

/** POST /forumthreads (multipart, beside files[]). */
export const threadCreateFields = z.object({
  committeId: formId(FORUM_MESSAGES.writeNotAllowed),
  discussionTitle,
  categories: formId(FORUM_MESSAGES.categoryRequired),
  postContent,
  filesCount,
  'existingFiles[]': existingFiles,
});

/** POST /forumthreads/{id} with _method=put: the edit; existingFiles[] lists the attachments kept. */
export const threadUpdateFields = threadCreateFields.extend({
  committeId: formId(FORUM_MESSAGES.writeNotAllowed).optional(),
  threadId: formId(FORUM_MESSAGES.attachmentUnknown).optional(),
  _method: methodPut,
});

/** POST /forumreply. */
export const replyCreateFields = z.object({
  threadId: formId('The thread id is required.'),
  committeId: formId(FORUM_MESSAGES.writeNotAllowed).optional(),
  postContent,
  filesCount,
});

/** POST /forumreply/{id} with _method=put. */
export const replyUpdateFields = z.object({
  replyId: formId('The reply id is required.').optional(),
  committeId: formId(FORUM_MESSAGES.writeNotAllowed).optional(),
  postContent,
  filesCount,
  'existingFiles[]': existingFiles,
  _method: methodPut,
});

export const forumCategory = z.object({ id: z.number(), name: z.string() });
export type ForumCategory = z.infer<typeof forumCategory>;
export const forumCategoryList = z.array(forumCategory);

export const forumUser = z
  .object({ id: z.number(), first_name: z.string(), middle_name: z.string().nullable(), last_name: z.string() })
  .nullable();
export type ForumUser = z.infer<typeof forumUser>;

/** An attachment of a thread or a reply: uploadable_id is the thread's or the reply's id. */
export const forumDocument = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  uploadable_type: z.enum(['thread', 'reply']),
  uploadable_id: z.number(),
  created_at: z.string(),
});
export type ForumDocument = z.infer<typeof forumDocument>;

export const forumThreadSummary = z.object({
  id: z.number(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  replies_count: z.number(),
  committee_id: z.number(),
  user: forumUser,
  /** The first one is the thread's category (spec/02 section 3). */
  categories: z.array(forumCategory),
});
export type ForumThreadSummary = z.infer<typeof forumThreadSummary>;

/** GET /forumthreads?committeeid=: a page of the committee's discussions, latest activity first. */
export const forumThreadListQuery = z.object({ committeeid: safeId(), ...pageQuery(FORUM_LIMITS.threadsPerPage, 50) });
export const forumThreadList = paged(forumThreadSummary).extend({ abilities: abilitiesSchema('forumCommittee') });
export type ForumThreadList = z.infer<typeof forumThreadList>;

export const forumReply = z.object({
  id: z.number(),
  thread_id: z.number(),
  post: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  user: forumUser,
  documents: z.array(forumDocument),
  abilities: abilitiesSchema('forumReply'),
});
export type ForumReply = z.infer<typeof forumReply>;

/** GET /forumthreads/{id}?page=: the thread, a page of its replies (newest first) and every attachment. */
export const forumThreadQuery = z.object({ ...pageQuery(FORUM_LIMITS.repliesPerPage, 100) });
export const forumThreadDetail = forumThreadSummary.extend({
  post: z.string(),
  documents: z.array(forumDocument),
  replies: z.array(forumReply),
  replies_total: z.number(),
  page: z.number(),
  per_page: z.number(),
  /** Every attachment of the thread and of all its replies (the Related Documents card). */
  related_documents: z.array(forumDocument),
  is_following: z.boolean(),
  abilities: abilitiesSchema('forumThread'),
});
export type ForumThreadDetail = z.infer<typeof forumThreadDetail>;

export const forumThreadSaved = z.object({ message: z.string(), thread: forumThreadSummary });
export const forumReplySaved = z.object({ message: z.string(), reply: forumReply });

export const followState = z.object({ following: z.boolean() });
export const followChanged = z.object({ message: z.string(), following: z.boolean() });

/** GET /forum/search?term=&cmid=: discussions of the committee whose title, text, attachments or replies match. */
export const forumSearchQuery = z.object({
  term: safeString({ error: FORUM_MESSAGES.searchTermRequired })
    .trim()
    .min(1, FORUM_MESSAGES.searchTermRequired)
    .max(FORUM_LIMITS.searchTermMax),
  cmid: safeId(),
  ...pageQuery(FORUM_LIMITS.threadsPerPage, 50),
});
/** snippet: the matching text with <mark> around the words found; the server escapes everything else. */
export const forumSearchResult = forumThreadSummary.extend({ snippet: z.string() });
export type ForumSearchResult = z.infer<typeof forumSearchResult>;
export const forumSearchResults = paged(forumSearchResult);
export type ForumSearchResults = z.infer<typeof forumSearchResults>;

/** GET /forum/members?cmid=&search=&page=: the committee's members, 20 a page (spec/02 sections 3, 5, 9). */
export const memberListQuery = z.object({
  cmid: safeId(),
  search: safeString().max(FORUM_LIMITS.memberSearchMax).optional(),
  ...pageQuery(PAGE_SIZES.members, 50),
});
/** A member's card: the committee member of schemas/committees.ts, and whether it is the user. */
export const memberCard = committeeMember.extend({
  /** The current user: the card adds ' (You)' to the name. */
  is_you: z.boolean(),
});
export type MemberCard = z.infer<typeof memberCard>;
export const memberList = paged(memberCard);
export type MemberList = z.infer<typeof memberList>;

/** Member search words: trimmed, whitespace collapsed, split (spec/02 section 5). */
export function searchWords(search: string | undefined): string[] {
  const s = (search ?? '').trim().replace(/\s+/g, ' ');
  return s ? s.split(' ') : [];
}
