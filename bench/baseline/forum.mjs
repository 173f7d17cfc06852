/** The baseline's routes of the calls in bench/calls/forum.mjs: the portal's statements (baseline-sql.mjs) with raw pg. */
import {
  ATTACHMENTS,
  MEMBERS_COUNT,
  MEMBERS_PAGE,
  FOLLOWING,
  REPLIES,
  THREAD,
  THREADS_COUNT,
  THREADS_PAGE,
  forumSearch,
} from '../baseline-sql.mjs';
import { q, actorRow, member } from './core.mjs';

/** Registers the routes on the baseline's Fastify app. */
export function routes(app) {
  // Forum (issue 10): the same SQL as modules/forum/forum.queries.ts (baseline-sql.mjs), behind a membership check.

  app.get('/forumthreads', async (req, reply) => {
    const cm = Number(req.query.committeeid);
    const me = await member(req, reply, cm);
    if (me === null) return reply;
    const [rows, count] = await Promise.all([q(THREADS_PAGE, [cm, me, 10, 0]), q(THREADS_COUNT, [cm, me])]);
    return { data: rows.rows, total: count.rows[0].count };
  });

  // A discussion as the portal writes it (ForumThreadDetail): array rows written as its objects, the
  // authors nested (null when none), each reply's attachments and abilities (its author's own) and
  // the thread's (the author's update and delete; any member's reply and follow). As object rows,
  // node-postgres kept one of each pair of same-named columns: each reply's id was its author's,
  // and the answer was 3,647 characters against the portal's 4,850 (2026-11-28).
  const author = (id, first, middle, last) =>
    id === null ? null : { id, first_name: first, middle_name: middle, last_name: last };
  const mineReply = { 'forum.reply.update': true, 'forum.reply.delete': true };
  const othersReply = { 'forum.reply.update': false, 'forum.reply.delete': false };
  app.get('/forumthreads/:id', async (req, reply) => {
    const id = Number(req.params.id);
    // The thread's row carries its committee, as the portal reads it.
    const actor = await actorRow(req, reply);
    if (actor === null) return reply;
    const thread = await q(THREAD, [id], 'array');
    const committees = actor.at(-1) ?? [];
    if (thread.rowCount === 0 || !committees.some((c) => c.id === thread.rows[0][1]))
      return reply.code(404).send({ message: 'Not found.' });
    const me = actor[2];
    const page = Number(req.query.page ?? 1);
    const perPage = Number(req.query.per_page ?? 50);
    const [replies, attachments, following] = await Promise.all([
      q(REPLIES, [id, perPage, (page - 1) * perPage], 'array'),
      q(ATTACHMENTS, [id], 'array'),
      q(FOLLOWING, [id, me]),
    ]);
    const [
      tid,
      committeeId,
      title,
      createdAt,
      updatedAt,
      repliesCount,
      userId,
      body,
      uid,
      first,
      middle,
      last,
      cid,
      cname,
    ] = thread.rows[0];
    const docs = attachments.rows.map(([aid, threadId, replyId, , name, size, created]) => ({
      id: aid,
      name,
      size,
      uploadable_type: replyId === null ? 'thread' : 'reply',
      uploadable_id: replyId ?? threadId,
      created_at: created,
    }));
    const mine = userId === me;
    return {
      id: tid,
      title,
      created_at: createdAt,
      updated_at: updatedAt,
      replies_count: repliesCount,
      committee_id: committeeId,
      user: author(uid, first, middle, last),
      categories: [{ id: cid, name: cname }],
      post: body,
      documents: docs.filter((d) => d.uploadable_type === 'thread'),
      replies: replies.rows.map(([rid, threadId, text, created, updated, ruid, rfirst, rmiddle, rlast]) => ({
        id: rid,
        thread_id: threadId,
        post: text,
        created_at: created,
        updated_at: updated,
        user: author(ruid, rfirst, rmiddle, rlast),
        documents: docs.filter((d) => d.uploadable_type === 'reply' && d.uploadable_id === rid),
        abilities: ruid === me ? mineReply : othersReply,
      })),
      replies_total: repliesCount,
      page,
      per_page: perPage,
      related_documents: docs,
      is_following: following.rowCount > 0,
      abilities: {
        'forum.thread.update': mine,
        'forum.thread.delete': mine,
        'forum.reply.create': true,
        'forum.thread.follow': true,
      },
    };
  });

  app.get('/forum/members', async (req, reply) => {
    const cm = Number(req.query.cmid);
    const me = await member(req, reply, cm);
    if (me === null) return reply;
    const perPage = Number(req.query.per_page ?? 20);
    const values = { me, committeeId: cm, limit: perPage, offset: (Number(req.query.page ?? 1) - 1) * perPage };
    const [rows, count] = await Promise.all([
      q(MEMBERS_PAGE.text, MEMBERS_PAGE.values(values)),
      q(MEMBERS_COUNT.text, MEMBERS_COUNT.values(values)),
    ]);
    return { data: rows.rows, total: count.rows[0].n };
  });

  app.get('/forum/search', async (req, reply) => {
    const cm = Number(req.query.cmid);
    const me = await member(req, reply, cm);
    if (me === null) return reply;
    const search = forumSearch(String(req.query.term), cm, me);
    const rows = await q(search.text, search.values);
    return { data: rows.rows, total: rows.rows[0]?.total ?? 0 };
  });
}
