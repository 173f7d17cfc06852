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
import { q, actorRow, member, pageOf } from './core.mjs';

/** Registers the routes on the baseline's Fastify app. */
export function routes(app) {
  // Forum (issue 10): the same SQL as modules/forum/forum.queries.ts (baseline-sql.mjs), behind a membership check.

  // A post's author as the answers nest it (ForumUser): null when the account is gone.
  const author = (id, first, middle, last) =>
    id === null ? null : { id, first_name: first, middle_name: middle, last_name: last };

  // The portal's answers of the list and the search (ForumThreadList, ForumSearchResults): array
  // rows written as its objects, each thread's summary (ForumThreadSummary) from the statements'
  // first 13 columns (the thread's seven, of which user_id at 6 is not written; its author's four,
  // nested and null when none; its category's two), then the paging fields and, for the list, the
  // committee's ability. As object rows, node-postgres kept one of each pair of same-named columns
  // (id, name): each thread's id was its category's, and the list's answer was 2,896 characters
  // against the portal's 3,280 (2026-11-28). Times come as node-postgres' Date (core.mjs's q takes
  // no type parsers), written by JSON as toISOString: the same text as the portal's isoTime of
  // PostgreSQL's UTC text (both drop the digits past the milliseconds).
  const summary = (r) => ({
    id: r[0],
    title: r[2],
    created_at: r[3],
    updated_at: r[4],
    replies_count: r[5],
    committee_id: r[1],
    user: author(r[7], r[8], r[9], r[10]),
    categories: [{ id: r[11], name: r[12] }],
  });
  // Starting a discussion (forum.policy.ts 'forum.thread.create'): a member who is the committee's
  // admin or holds its write flag, both in the actor row's membership; the rest of the rule (a CM
  // member) is what lets the list through at all.
  const mayStart = { 'forum.thread.create': true };
  const mayNotStart = { 'forum.thread.create': false };
  app.get('/forumthreads', async (req, reply) => {
    const cm = Number(req.query.committeeid);
    const actor = await actorRow(req, reply);
    if (actor === null) return reply;
    const committee = (actor.at(-1) ?? []).find((c) => c.id === cm);
    if (!committee) return reply.code(404).send({ message: 'Not found.' });
    const me = actor[2];
    const { page, limit, offset } = pageOf(req.query, 10);
    const [rows, count] = await Promise.all([
      q(THREADS_PAGE, [cm, me, limit, offset], 'array'),
      q(THREADS_COUNT, [cm, me], 'array'),
    ]);
    return {
      data: rows.rows.map(summary),
      total: count.rows[0][0],
      page,
      per_page: limit,
      abilities: committee.admin || committee.write ? mayStart : mayNotStart,
    };
  });

  // A discussion as the portal writes it (ForumThreadDetail): array rows written as its objects, the
  // authors nested (null when none), each reply's attachments and abilities (its author's own) and
  // the thread's (the author's update and delete; any member's reply and follow). As object rows,
  // node-postgres kept one of each pair of same-named columns: each reply's id was its author's,
  // and the answer was 3,647 characters against the portal's 4,850 (2026-11-28).
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

  // The portal's answer (MemberList): each row the member's card (memberCard, the statement's
  // columns in its order), then the count and the paging fields. As object rows the title, admin
  // and is_you columns came out as 'coalesce' and '?column?' (one of the two coalesce lost).
  app.get('/forum/members', async (req, reply) => {
    const cm = Number(req.query.cmid);
    const me = await member(req, reply, cm);
    if (me === null) return reply;
    const { page, limit, offset } = pageOf(req.query, 20);
    const values = { me, committeeId: cm, limit, offset };
    const [rows, count] = await Promise.all([
      q(MEMBERS_PAGE.text, MEMBERS_PAGE.values(values), 'array'),
      q(MEMBERS_COUNT.text, MEMBERS_COUNT.values(values), 'array'),
    ]);
    const data = rows.rows.map(([id, first, last, title, mobile, email, admin, isYou]) => ({
      id,
      first_name: first,
      last_name: last,
      title,
      mobile_number: mobile,
      email,
      admin,
      is_you: isYou,
    }));
    return { data, total: count.rows[0][0], page, per_page: limit };
  });

  // The search's snippet as the portal writes it (forum.sanitize.ts snippetHtml): ts_headline's
  // text HTML-escaped, and only its hit marks (⟦ ⟧, HEADLINE_OPTIONS) turned into <mark>; here in
  // one pass over the text, the same characters for the same text.
  const SNIPPET = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
    '⟦': '<mark>',
    '⟧': '</mark>',
  };
  const snippetOf = (headline) => headline.replace(/[&<>"'⟦⟧]/g, (c) => SNIPPET[c]);
  app.get('/forum/search', async (req, reply) => {
    const cm = Number(req.query.cmid);
    const me = await member(req, reply, cm);
    if (me === null) return reply;
    const { page, limit, offset } = pageOf(req.query, 10);
    const search = forumSearch(String(req.query.term), cm, me, limit, offset);
    const rows = await q(search.text, search.values, 'array');
    // Each hit is the thread's summary with its snippet (the 15th column; the 14th is the total).
    // The portal counts alone only past the last page (no row to carry the total): on the first
    // page no hit means none at all.
    const data = rows.rows.map((r) => Object.assign(summary(r), { snippet: snippetOf(r[14]) }));
    return { data, total: rows.rows[0]?.[13] ?? 0, page, per_page: limit };
  });
}
