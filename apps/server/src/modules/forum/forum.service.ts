import {
  ABILITIES,
  FORUM_MESSAGES,
  RECORD_MESSAGES,
  replyCreateFields,
  replyUpdateFields,
  searchWords,
  threadCreateFields,
  threadUpdateFields,
  type ForumDocument,
  type ForumReply,
  type ForumSearchResults,
  type ForumThreadDetail,
  type ForumThreadList,
  type MemberList,
} from '@portal/shared';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { abilitiesOf, authorize, scopeFor } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { emit, personOf } from '../../platform/events.js';
import { insertFiles, type StoredFile } from '../../platform/files.js';
import { storageOf } from '../../platform/storage/storage.js';
import type { StoredUpload, UploadUseCase } from '../../platform/uploads.js';
import './forum.policy.js';
import {
  presentDocument,
  presentReply,
  presentSearchHit,
  presentSummary,
  replyAbilities,
  type ReplyAbilities,
} from './forum.present.js';
import * as q from './forum.queries.js';
import { sanitizePost, snippetHtml, textOfPost } from './forum.sanitize.js';

/**
 * The forum's use cases. Each starts with its access check; writes happen in one
 * transaction with their attachments' rows and events; stored objects of removed attachments are
 * deleted after the commit (and storage housekeeping takes any a crash leaves behind).
 */

const committeeOf = (committeeId: number) => ({ committeeId });

export async function listCategories(deps: Deps, actor: Actor) {
  authorize(actor, 'forum.category.list');
  return q.listCategories(deps.db);
}

/** The threads' scope for the prepared list and search, with the user as a placeholder. */
const listScope = (actor: Actor) => scopeFor(actor, 'forum.thread.list', sql.placeholder(q.ME));

export async function listThreads(
  deps: Deps,
  actor: Actor,
  query: { committeeid: number; page: number; per_page: number },
): Promise<ForumThreadList> {
  const committee = authorize(actor, 'forum.thread.list', committeeOf(query.committeeid));
  const [rows, total] = await Promise.all([
    q.listThreads(deps.db, listScope(actor), actor.user.id, query.committeeid, query.page, query.per_page),
    q.countThreads(deps.db, listScope(actor), actor.user.id, query.committeeid),
  ]);
  return {
    data: rows.map(presentSummary),
    total,
    page: query.page,
    per_page: query.per_page,
    abilities: abilitiesOf(actor, ABILITIES.forumCommittee, committee),
  };
}

/** A thread's facts for the rules, or 404 when it is not there or not seen. */
async function threadFacts(deps: Deps | { db: Tx }, id: number) {
  return q.findThreadFacts(deps.db, id);
}

export async function getThread(
  deps: Deps,
  actor: Actor,
  id: number,
  query: { page: number; per_page: number },
): Promise<ForumThreadDetail> {
  // The thread's row carries the facts the rule reads: one statement instead of facts, then thread.
  const row = await q.findThread(deps.db, id);
  const facts = authorize(
    actor,
    'forum.thread.view',
    row && { committeeId: row.thread.committeeId, authorId: row.thread.userId },
  );
  const thread = row!;
  const [replies, attachments, following] = await Promise.all([
    q.listReplies(deps.db, id, query.page, query.per_page),
    q.attachmentsOfThread(deps.db, id),
    q.isFollowing(deps.db, id, actor.user.id),
  ]);
  const abilities = replyAbilities(actor, facts.committeeId);
  const docs = attachments.map(presentDocument);
  const own: ForumDocument[] = [];
  const byReply = new Map<number, ForumDocument[]>();
  for (const d of docs) {
    if (d.uploadable_type === 'thread') own.push(d);
    else if (byReply.has(d.uploadable_id)) byReply.get(d.uploadable_id)!.push(d);
    else byReply.set(d.uploadable_id, [d]);
  }
  // The summary with the rest added by Object.assign: `{ ...summary, post, ... }` made a new
  // object shape on every call (bench/README.md, 2026-11-27).
  const t = thread.thread;
  return Object.assign(presentSummary(thread), {
    post: t.body,
    documents: own,
    replies: withDocumentsAndAbilities(replies, byReply, abilities),
    replies_total: t.repliesCount,
    page: query.page,
    per_page: query.per_page,
    related_documents: docs,
    is_following: following,
    abilities: abilitiesOf(actor, ABILITIES.forumThread, facts),
  });
}

/**
 * The page's replies as the answer writes them: the statement's rows (already in the answer's
 * shape) with their attachments and abilities filled in place, not a second object per reply.
 */
function withDocumentsAndAbilities(
  rows: Awaited<ReturnType<typeof q.listReplies>>,
  byReply: Map<number, ForumDocument[]>,
  abilities: ReplyAbilities,
): ForumReply[] {
  const replies = rows as unknown as ForumReply[];
  const none: ForumDocument[] = [];
  for (const r of replies) {
    r.documents = byReply.get(r.id) ?? none;
    r.abilities = abilities(r.user?.id ?? null);
  }
  return replies;
}

/** The sanitized HTML and its text; 400 when nothing readable is left (a body of only a script, say). */
async function cleanPost(html: string) {
  const body = await sanitizePost(html);
  const bodyText = await textOfPost(body);
  if (!bodyText) throw badRequest(FORUM_MESSAGES.contentRequired, { postContent: [FORUM_MESSAGES.contentRequired] });
  return { body, bodyText };
}

async function checkCategory(deps: Deps, id: number) {
  if (!(await q.categoryExists(deps.db, id)))
    throw badRequest(FORUM_MESSAGES.categoryUnknown, { categories: [FORUM_MESSAGES.categoryUnknown] });
}

function checkFilesCount(filesCount: number | undefined, uploads: StoredUpload[]) {
  if (filesCount !== undefined && filesCount !== uploads.length) throw badRequest(RECORD_MESSAGES.uploadIncomplete);
}

/** A committee sent with a call on a thread must be the thread's (the call acts in that committee). */
function sameCommittee(sent: number | undefined, committeeId: number) {
  if (sent !== undefined && sent !== committeeId) throw notFound();
}

/**
 * The attachments of one post after an edit: the kept ones (existingFiles[]: ids of the post's own
 * attachments) plus the new uploads, whose names must all differ. Returns the file ids to remove.
 */
function keepAndCheck(existing: q.AttachmentRow[], keepIds: number[], uploads: StoredUpload[]): number[] {
  const own = new Set(existing.map((a) => a.id));
  if (keepIds.some((id) => !own.has(id)))
    throw badRequest(FORUM_MESSAGES.attachmentUnknown, { 'existingFiles[]': [FORUM_MESSAGES.attachmentUnknown] });
  const kept = existing.filter((a) => keepIds.includes(a.id));
  const taken = new Set(kept.map((a) => a.name));
  for (const u of uploads)
    if (taken.has(u.name))
      throw badRequest(FORUM_MESSAGES.fileAlreadyAttached(u.name), {
        files: [FORUM_MESSAGES.fileAlreadyAttached(u.name)],
      });
  return existing.filter((a) => !keepIds.includes(a.id)).map((a) => a.fileId);
}

async function removeObjects(deps: Deps, keys: string[]) {
  const storage = storageOf(deps);
  await Promise.all(
    keys.map((k) =>
      storage
        .delete(k)
        .catch((err: unknown) =>
          deps.log.warn({ err }, 'forum: a removed attachment stays in storage until housekeeping'),
        ),
    ),
  );
}

async function attach(tx: Tx, actor: Actor, threadId: number, replyId: number | null, uploads: StoredUpload[]) {
  const stored: StoredFile[] = await insertFiles(tx, uploads, actor.user.id);
  await q.insertAttachments(
    tx,
    threadId,
    replyId,
    stored.map((f) => f.id),
  );
}

const validId = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
};

/** POST /forumthreads: a new discussion with its attachments; the author follows it. */
export function createThread(
  deps: Deps,
  actor: Actor,
): UploadUseCase<typeof threadCreateFields, { message: string; thread: ReturnType<typeof presentSummary> }> {
  return {
    fields: threadCreateFields,
    filesOptional: true,
    duplicate: FORUM_MESSAGES.fileAlreadyAttached,
    // The committee is checked before any file is read.
    fieldsFirst: ['committeId'],
    precheck: async (fields) => {
      const committeeId = validId(fields.committeId);
      if (committeeId) authorize(actor, 'forum.thread.create', committeeOf(committeeId));
    },
    save: async (body, uploads) => {
      authorize(actor, 'forum.thread.create', committeeOf(body.committeId));
      await checkCategory(deps, body.categories);
      checkFilesCount(body.filesCount, uploads);
      const post = await cleanPost(body.postContent);
      const id = await deps.db.transaction(async (tx) => {
        const threadId = await q.insertThread(tx, {
          committeeId: body.committeId,
          categoryId: body.categories,
          userId: actor.user.id,
          title: body.discussionTitle,
          ...post,
        });
        await attach(tx, actor, threadId, null, uploads);
        if (uploads.length) await q.refreshAttachmentNames(tx, threadId, null);
        await q.follow(tx, threadId, actor.user.id);
        return threadId;
      });
      const thread = await q.findThread(deps.db, id);
      return { message: FORUM_MESSAGES.threadCreated, thread: presentSummary(thread!) };
    },
  };
}

/** POST /forumthreads/{id} (_method=put): the author edits title, category, body and attachments. */
export function updateThread(
  deps: Deps,
  actor: Actor,
  id: number,
): UploadUseCase<typeof threadUpdateFields, { message: string; thread: ReturnType<typeof presentSummary> }> {
  const check = async () => authorize(actor, 'forum.thread.update', await threadFacts(deps, id));
  return {
    fields: threadUpdateFields,
    filesOptional: true,
    duplicate: FORUM_MESSAGES.fileAlreadyAttached,
    precheck: async () => void (await check()),
    save: async (body: z.output<typeof threadUpdateFields>, uploads) => {
      const facts = await check();
      sameCommittee(body.committeId, facts.committeeId);
      if (body.threadId !== undefined && body.threadId !== id) throw notFound();
      await checkCategory(deps, body.categories);
      checkFilesCount(body.filesCount, uploads);
      const post = await cleanPost(body.postContent);
      const keys = await deps.db.transaction(async (tx) => {
        if (!(await q.lockThread(tx, id))) throw notFound();
        const removed = keepAndCheck(await q.attachmentsOfPost(tx, id, null), body['existingFiles[]'], uploads);
        await q.updateThread(tx, id, { title: body.discussionTitle, categoryId: body.categories, ...post });
        const gone = await q.deleteFiles(tx, removed);
        await attach(tx, actor, id, null, uploads);
        await q.refreshAttachmentNames(tx, id, null);
        return gone;
      });
      await removeObjects(deps, keys);
      const thread = await q.findThread(deps.db, id);
      return { message: FORUM_MESSAGES.threadUpdated, thread: presentSummary(thread!) };
    },
  };
}

/** DELETE /forumthreads/{id}: the thread, its replies and attachments, files included. */
export async function deleteThread(deps: Deps, actor: Actor, id: number) {
  authorize(actor, 'forum.thread.delete', await threadFacts(deps, id));
  const keys = await deps.db.transaction(async (tx) => {
    if (!(await q.lockThread(tx, id))) throw notFound();
    const fileIds = (await q.attachmentsOfThread(tx, id)).map((a) => a.fileId);
    await q.deleteThread(tx, id);
    return q.deleteFiles(tx, fileIds);
  });
  await removeObjects(deps, keys);
  return { message: FORUM_MESSAGES.threadDeleted };
}

/** POST /forumreply: any member of the thread's committee replies; its followers are notified. */
export function createReply(deps: Deps, actor: Actor) {
  const check = async (threadId: number) => authorize(actor, 'forum.reply.create', await threadFacts(deps, threadId));
  return {
    fields: replyCreateFields,
    filesOptional: true,
    duplicate: FORUM_MESSAGES.fileAlreadyAttached,
    // The thread (and so the committee) is checked before any file is read.
    fieldsFirst: ['threadId'],
    precheck: async (fields: Record<string, string>) => {
      const threadId = validId(fields.threadId);
      if (threadId) await check(threadId);
    },
    save: async (body: z.output<typeof replyCreateFields>, uploads: StoredUpload[]) => {
      const thread = await check(body.threadId);
      sameCommittee(body.committeId, thread.committeeId);
      checkFilesCount(body.filesCount, uploads);
      const post = await cleanPost(body.postContent);
      const replyId = await deps.db.transaction(async (tx) => {
        if (!(await q.lockThread(tx, thread.id))) throw notFound();
        const id = await q.insertReply(tx, { threadId: thread.id, userId: actor.user.id, ...post });
        await attach(tx, actor, thread.id, id, uploads);
        if (uploads.length) await q.refreshAttachmentNames(tx, thread.id, id);
        await emit(tx, 'forum.reply.created', {
          thread: { id: thread.id, title: thread.title, committeeId: thread.committeeId },
          reply: { id },
          by: personOf(actor.user),
        });
        return id;
      });
      return {
        message: FORUM_MESSAGES.replyCreated,
        reply: await replyOf(deps, actor, thread.id, thread.committeeId, replyId),
      };
    },
  } satisfies UploadUseCase<typeof replyCreateFields, unknown>;
}

async function replyOf(deps: Deps, actor: Actor, threadId: number, committeeId: number, replyId: number) {
  const [row, attachments] = await Promise.all([
    q.findReply(deps.db, replyId),
    q.attachmentsOfPost(deps.db, threadId, replyId),
  ]);
  if (!row) throw notFound();
  return presentReply(row, replyAbilities(actor, committeeId), attachments.map(presentDocument));
}

/** POST /forumreply/{id} (_method=put): the author edits the body and attachments. */
export function updateReply(deps: Deps, actor: Actor, id: number) {
  const check = async () => authorize(actor, 'forum.reply.update', await q.findReplyFacts(deps.db, id));
  return {
    fields: replyUpdateFields,
    filesOptional: true,
    duplicate: FORUM_MESSAGES.fileAlreadyAttached,
    precheck: async () => void (await check()),
    save: async (body: z.output<typeof replyUpdateFields>, uploads: StoredUpload[]) => {
      const reply = await check();
      sameCommittee(body.committeId, reply.committeeId);
      if (body.replyId !== undefined && body.replyId !== id) throw notFound();
      checkFilesCount(body.filesCount, uploads);
      const post = await cleanPost(body.postContent);
      const keys = await deps.db.transaction(async (tx) => {
        if (!(await q.lockThread(tx, reply.threadId))) throw notFound();
        const removed = keepAndCheck(
          await q.attachmentsOfPost(tx, reply.threadId, id),
          body['existingFiles[]'],
          uploads,
        );
        await q.updateReply(tx, id, post);
        const gone = await q.deleteFiles(tx, removed);
        await attach(tx, actor, reply.threadId, id, uploads);
        await q.refreshAttachmentNames(tx, reply.threadId, id);
        return gone;
      });
      await removeObjects(deps, keys);
      return {
        message: FORUM_MESSAGES.replyEdited,
        reply: await replyOf(deps, actor, reply.threadId, reply.committeeId, id),
      };
    },
  } satisfies UploadUseCase<typeof replyUpdateFields, unknown>;
}

/** DELETE /forumreply/{id}: the reply and its attachments, files included. */
export async function deleteReply(deps: Deps, actor: Actor, id: number) {
  const reply = authorize(actor, 'forum.reply.delete', await q.findReplyFacts(deps.db, id));
  const keys = await deps.db.transaction(async (tx) => {
    if (!(await q.lockThread(tx, reply.threadId))) throw notFound();
    const fileIds = (await q.attachmentsOfPost(tx, reply.threadId, id)).map((a) => a.fileId);
    await q.deleteReply(tx, id, reply.threadId);
    return q.deleteFiles(tx, fileIds);
  });
  await removeObjects(deps, keys);
  return { message: FORUM_MESSAGES.replyDeleted };
}

/** GET /forumdocument/{id}: the file of an attachment, for members of its thread's committee. */
export async function readableAttachment(deps: Deps, actor: Actor, id: number): Promise<StoredFile> {
  const row = authorize(actor, 'forum.attachment.download', await q.findAttachment(deps.db, id));
  return row.file;
}

export async function isFollowing(deps: Deps, actor: Actor, id: number) {
  authorize(actor, 'forum.thread.follow', await threadFacts(deps, id));
  return { following: await q.isFollowing(deps.db, id, actor.user.id) };
}

export async function setFollowing(deps: Deps, actor: Actor, id: number, following: boolean) {
  authorize(actor, 'forum.thread.follow', await threadFacts(deps, id));
  if (following) await q.follow(deps.db, id, actor.user.id);
  else await q.unfollow(deps.db, id, actor.user.id);
  return { message: following ? FORUM_MESSAGES.followed : FORUM_MESSAGES.unfollowed, following };
}

export async function search(
  deps: Deps,
  actor: Actor,
  query: { term: string; cmid: number; page: number; per_page: number },
): Promise<ForumSearchResults> {
  authorize(actor, 'forum.thread.list', committeeOf(query.cmid));
  const { rows, total } = await q.searchThreads(
    deps.db,
    listScope(actor),
    actor.user.id,
    query.cmid,
    query.term,
    query.page,
    query.per_page,
  );
  return {
    data: rows.map((r) => presentSearchHit(r, snippetHtml(r.headline))),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

export async function listMembers(
  deps: Deps,
  actor: Actor,
  query: { cmid: number; search?: string; page: number; per_page: number },
): Promise<MemberList> {
  authorize(actor, 'forum.member.list', committeeOf(query.cmid));
  const { rows, total } = await q.listMembers(
    deps.db,
    scopeFor(actor, 'forum.member.list', sql.placeholder(q.ME)),
    query.cmid,
    searchWords(query.search),
    actor.user.id,
    query.page,
    query.per_page,
  );
  return { data: rows, total, page: query.page, per_page: query.per_page };
}
