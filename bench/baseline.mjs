/**
 * The baseline of the load run: a bare Fastify server whose routes run the same SQL as the portal's
 * lists (jobs, documents, invoices, the forum, meetings, publications, notifications, pending
 * requests: baseline-sql.mjs, checked against the portal
 * by check-sql.mjs), the authenticate statement included (the portal's own actorSql, so this runs
 * under tsx: `node --import tsx --conditions=source baseline.mjs`), with raw `pg` named statements
 * and no validation, policy or presenter.
 */
import { createHash, createHmac } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { actorSql } from '../apps/server/src/platform/actor.ts';
import {
  ATTACHMENTS,
  CATEGORIES,
  CATEGORY_BY_ID,
  CATEGORY_COUNT,
  CATEGORY_PAGE,
  MEMBERS_COUNT,
  MEMBERS_PAGE,
  NOTIFICATIONS_COUNT,
  NOTIFICATIONS_PAGE,
  DOC_COUNT,
  DOC_PAGE,
  FOLLOWING,
  INVOICE_COUNT,
  JOB_SIDES,
  PUBLICATION_COUNT,
  PUBLICATION_PAGE,
  REPLIES,
  SCOPE,
  SUBSCRIPTIONS_OF,
  THREAD,
  THREADS_COUNT,
  THREADS_PAGE,
  auditList,
  forumSearch,
  eventsRange,
  feedEvents,
  feedOf,
  invoicePage,
  jobsCount,
  jobsPage,
  meetingFolder,
  meetingFolderDocuments,
  meetingRecent,
  meetingRecentCount,
  meetingSearch,
  publicationCounts,
  usersPage,
  requestsCount,
  requestsPage,
} from './baseline-sql.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
// Named statements: PostgreSQL plans each once per connection, as the portal's prepared ones.
const names = new Map();
const ACTOR_TOKEN_SQL = actorSql('token');
const q = (text, values, rowMode) => {
  if (!names.has(text)) names.set(text, `b${names.size}`);
  return pool.query({ name: names.get(text), text, values, rowMode });
};

/**
 * The portal's one authenticate statement: session, user, roles and committees ($1 hash, $2 limit),
 * as an array row (the user's id at 2, the roles second to last, the committees last); null, with
 * the 401 sent, without a session.
 */
async function actorRow(req, reply) {
  const token = (req.headers.authorization ?? '').slice(7);
  const s = await q(ACTOR_TOKEN_SQL, [createHash('sha256').update(token).digest('hex'), 1], 'array');
  if (s.rowCount === 0) {
    reply.code(401).send({ message: 'Unauthenticated.' });
    return null;
  }
  return s.rows[0];
}

async function userOf(req, reply) {
  const row = await actorRow(req, reply);
  return row && row[2];
}

app.get('/jobs', async (req, reply) => {
  const me = await userOf(req, reply);
  if (me === null) return reply;
  const scope = SCOPE[req.query.role === 'AR' ? 'AR' : 'TA'];
  const [rows, count] = await Promise.all([q(jobsPage(scope), [me, 10, 0]), q(jobsCount(scope), [me])]);
  return { data: rows.rows, total: count.rows[0].count };
});

app.get('/jobdocuments', async (req, reply) => {
  const me = await userOf(req, reply);
  if (me === null) return reply;
  const job = await q(JOB_SIDES, [me, me, Number(req.query.jobid), 1]);
  if (job.rowCount === 0) return reply.code(404).send({ message: 'Not found.' });
  const mine = req.query.role === 'AR' ? 'facility' : 'assessor';
  const other = mine === 'facility' ? 'assessor' : 'facility';
  const [a, b, c] = await Promise.all([
    q(DOC_PAGE, [job.rows[0].id, mine, 100, 0]),
    q(DOC_PAGE, [job.rows[0].id, other, 100, 0]),
    q(DOC_COUNT, [job.rows[0].id]),
  ]);
  return { submitted: a.rows, received: b.rows, total: c.rows };
});

app.get('/invoices', async (req, reply) => {
  const me = await userOf(req, reply);
  if (me === null) return reply;
  const [o, p, c] = await Promise.all([
    q(invoicePage('asc'), [me, me, 'outstanding', 50, 0]),
    q(invoicePage('desc'), [me, me, 'paid', 50, 0]),
    q(INVOICE_COUNT, [me]),
  ]);
  return { outstanding: o.rows, paid: p.rows, total: c.rows };
});

// Forum (issue 10): the same SQL as modules/forum/forum.queries.ts (baseline-sql.mjs), behind a membership check.

/** The actor, as the portal loads it; a committee is open when the actor's memberships (in the same row) hold it. */
async function member(req, reply, committeeId) {
  const row = await actorRow(req, reply);
  if (row === null) return null;
  const committees = row.at(-1) ?? [];
  if (!committees.some((c) => c.id === committeeId)) {
    reply.code(404).send({ message: 'Not found.' });
    return null;
  }
  return row[2];
}

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

// Meetings and the calendar: the portal's statements (baseline-sql.mjs), the rows answered as they come.
const run = ({ text, values }, rowMode) => q(text, values, rowMode);
app.get('/meetingdocuments/recent/:cm', async (req, reply) => {
  const cm = Number(req.params.cm);
  const me = await member(req, reply, cm);
  if (me === null) return reply;
  const [rows, count] = await Promise.all([run(meetingRecent(cm, me, 5)), run(meetingRecentCount(cm, me))]);
  return { data: rows.rows, total: count.rows[0].n };
});

app.get('/meetingdocuments', async (req, reply) => {
  const folderId = Number(req.query.folderid);
  const actor = await actorRow(req, reply);
  if (actor === null) return reply;
  const folder = await run(meetingFolder(actor[2], folderId), 'array');
  const committees = actor.at(-1) ?? [];
  if (folder.rowCount === 0 || !folder.rows[0][6] || !committees.some((c) => c.id === folder.rows[0][4]))
    return reply.code(404).send({ message: 'Not found.' });
  const rows = await run(meetingFolderDocuments(folderId, Number(req.query.per_page ?? 100)));
  return { data: rows.rows, total: rows.rows[0]?.total ?? 0 };
});

app.get('/meetingdocuments/search', async (req, reply) => {
  const cm = Number(req.query.cmid);
  const me = await member(req, reply, cm);
  if (me === null) return reply;
  const rows = await run(meetingSearch(String(req.query.term), cm, me, 5));
  return { data: rows.rows, total: rows.rows[0]?.total ?? 0 };
});

// The portal's answer (CalendarEvent): array rows written as its objects, the creator nested and
// null when none, each event's abilities (its creator's own) and the calendar's (its admin's). As
// object rows, node-postgres kept one of each pair of same-named columns (id, to_char) and the
// answer was a third smaller than the portal's (5,761 characters against 8,966, 2026-11-27).
const mineEvent = { 'calendar.event.update': true, 'calendar.event.delete': true };
const othersEvent = { 'calendar.event.update': false, 'calendar.event.delete': false };
app.get('/events', async (req, reply) => {
  const cm = Number(req.query.committee_id);
  const actor = await actorRow(req, reply);
  if (actor === null) return reply;
  const committee = (actor.at(-1) ?? []).find((c) => c.id === cm);
  if (!committee) return reply.code(404).send({ message: 'Not found.' });
  const rows = await run(eventsRange(cm, actor[2], req.query.start, req.query.end, 1000), 'array');
  const data = rows.rows.map(([id, title, start, end, allDay, committeeId, isCreatedBy, creatorId, first, last]) => ({
    id,
    title,
    start,
    end,
    allDay,
    committee_id: committeeId,
    isCreatedBy,
    creator: creatorId === null ? null : { id: creatorId, first_name: first, last_name: last },
    abilities: isCreatedBy ? mineEvent : othersEvent,
  }));
  return { data, abilities: { 'calendar.event.create': committee.admin === true } };
});

// The ICS feed: the address checked as the portal does (an HMAC under the bench's APP_SECRET,
// portal.mjs), its two statements, and the events written as iCalendar text by hand (no
// escaping or folding beyond what the bench's titles need: the least a feed can do).
const FEED_KEY = process.env.APP_SECRET ?? 'bench-secret-bench-secret-bench-secret-00';
const icsTime = (local) => local.replace(/[-: ]/g, '').replace(/^(\d{8})/, '$1T');
app.get('/calendar/ics/:file', async (req, reply) => {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{20,100})\.ics$/.exec(req.params.file);
  if (!m) return reply.code(404).send({ message: 'Not found.' });
  const userId = Number(m[1]);
  const feed = await run(feedOf(userId), 'array');
  const row = feed.rows[0];
  const mac = row && createHmac('sha256', FEED_KEY).update(`calendar-feed:${userId}:${row[1]}`).digest('base64url');
  if (!row || !row[2] || mac !== m[2]) return reply.code(404).send({ message: 'Not found.' });
  const since = new Date(Date.now() - 365 * 86_400_000).toISOString();
  const events = await run(feedEvents(userId, since, 5000), 'array');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//calendar//EN', 'METHOD:PUBLISH'];
  for (const [id, title, start, end, allDay, updatedAt, committee] of events.rows) {
    const stamp = `${new Date(updatedAt).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:event-${id}@127.0.0.1`,
      `SEQUENCE:0`,
      `DTSTAMP:${stamp}`,
      allDay
        ? `DTSTART;VALUE=DATE:${start.slice(0, 10).replace(/-/g, '')}`
        : `DTSTART;TZID=Australia/Sydney:${icsTime(start)}`,
      allDay ? `DTEND;VALUE=DATE:${end.slice(0, 10).replace(/-/g, '')}` : `DTEND;TZID=Australia/Sydney:${icsTime(end)}`,
      `SUMMARY:${title}`,
      `DESCRIPTION:${committee}`,
      `URL:http://127.0.0.1/calendar/${start.slice(0, 10)}`,
      `LAST-MODIFIED:${stamp}`,
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${title}`,
      'TRIGGER:-P1D',
      'END:VALARM',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return reply.header('content-type', 'text/calendar; charset=utf-8').send(lines.join('\r\n'));
});

// Publications (issue 12): the same SQL as modules/publications/publications.queries.ts
// (baseline-sql.mjs), behind the reader-role check; the rows are answered as they come, without
// the portal's presenter (the tree is not built). Reading publications needs a reader role; the
// tree without them any signed-in user.
// Publications: the same SQL as modules/publications/publications.queries.ts (baseline-sql.mjs),
// behind the reader-role check; the rows are answered as they come, without the portal's presenter
// (the tree is not built). Reading publications needs a reader role; the tree without them any
// signed-in user.
const READERS = ['TA', 'AR', 'LA', 'CM'];
async function reader(req, reply, readerOnly = true) {
  const row = await actorRow(req, reply);
  if (row === null) return null;
  if (readerOnly && !(row.at(-2) ?? []).some((r) => READERS.includes(r))) {
    reply.code(403).send({ message: 'Forbidden.' });
    return null;
  }
  return row[2];
}

const pageOf = (query, perPage) => {
  const n = Number(query.per_page ?? perPage);
  return { page: Number(query.page ?? 1), limit: n, offset: (Number(query.page ?? 1) - 1) * n };
};

app.get('/publications', async (req, reply) => {
  if ((await reader(req, reply)) === null) return reply;
  const { page, limit, offset } = pageOf(req.query, 10);
  const [rows, count] = await Promise.all([
    q(PUBLICATION_PAGE, [limit, offset], 'array'),
    q(PUBLICATION_COUNT, [], 'array'),
  ]);
  return { data: rows.rows, total: count.rows[0][0], page, per_page: limit };
});

app.get('/publications/category/:id', async (req, reply) => {
  if ((await reader(req, reply)) === null) return reply;
  const categoryId = Number(req.params.id);
  const { page, limit, offset } = pageOf(req.query, 50);
  const values = { categoryId, limit, offset };
  const [found, rows, count] = await Promise.all([
    q(CATEGORY_BY_ID, [categoryId], 'array'),
    q(CATEGORY_PAGE.text, CATEGORY_PAGE.values(values), 'array'),
    q(CATEGORY_COUNT.text, CATEGORY_COUNT.values(values), 'array'),
  ]);
  if (found.rowCount === 0) return reply.code(404).send({ message: 'Not found.' });
  return { data: rows.rows, total: count.rows[0][0], page, per_page: limit };
});

app.get('/categories', async (req, reply) => {
  const withPublication = req.query.withPublication === 'true';
  const me = await reader(req, reply, withPublication);
  if (me === null) return reply;
  const subscribed = req.query.subscribed === 'true';
  const [categories, subs, counts] = await Promise.all([
    q(CATEGORIES, [], 'array'),
    q(SUBSCRIPTIONS_OF, [me], 'array'),
    withPublication ? q(publicationCounts(subscribed), subscribed ? [me] : [], 'array') : null,
  ]);
  return { categories: categories.rows, subscriptions: subs.rows, counts: counts?.rows };
});

// Notifications and the admins' pending requests: notifications.queries.ts and requests.queries.ts.
app.get('/notifications', async (req, reply) => {
  const row = await actorRow(req, reply);
  if (row === null) return reply;
  const role = req.query.role;
  if (!(row.at(-2) ?? []).includes(role)) return reply.code(403).send({ message: 'Forbidden.' });
  const values = { me: row[2], role, limit: Number(req.query.count ?? 20) };
  const [rows, counts] = await Promise.all([
    q(NOTIFICATIONS_PAGE.text, NOTIFICATIONS_PAGE.values(values)),
    q(NOTIFICATIONS_COUNT.text, NOTIFICATIONS_COUNT.values(values)),
  ]);
  return { data: rows.rows, unread: counts.rows[0].unread, total: counts.rows[0].total };
});

const ADMIN_VIEWS = ['SYSADMIN', 'TA_ADMIN'];
const requestStatements = Object.fromEntries(
  ADMIN_VIEWS.map((v) => [v, { page: requestsPage(v), count: requestsCount(v) }]),
);
app.get('/user-requests', async (req, reply) => {
  const row = await actorRow(req, reply);
  if (row === null) return reply;
  const view = req.query.current_role;
  if (!ADMIN_VIEWS.includes(view) || !(row.at(-2) ?? []).includes(view))
    return reply.code(403).send({ message: 'Forbidden.' });
  const { page, limit, offset } = pageOf(req.query, 20);
  const values = { me: row[2], type: req.query.type, limit, offset };
  const { page: pageSql, count: countSql } = requestStatements[view];
  const [rows, counts] = await Promise.all([
    q(pageSql.text, pageSql.values(values)),
    q(countSql.text, countSql.values(values)),
  ]);
  return {
    data: rows.rows,
    total: counts.rows[0].total,
    decidable_total: counts.rows[0].decidable,
    page,
    per_page: limit,
  };
});

// The admin back office (issue 22): All Users and the audit list, the same SQL as users.queries.ts
// and audit.queries.ts (baseline-sql.mjs), behind the admin role's check; rows as they come.
async function admin(req, reply, role) {
  const row = await actorRow(req, reply);
  if (row === null) return false;
  if (!(row.at(-2) ?? []).includes(role)) {
    reply.code(403).send({ message: 'Forbidden.' });
    return false;
  }
  return true;
}

app.get('/users', async (req, reply) => {
  const view = req.query.role === 'TA' ? 'TA_ADMIN' : 'SYSADMIN';
  if (!(await admin(req, reply, view))) return reply;
  const page = usersPage(view, req.query.search);
  const rows = await q(page.text, page.values);
  return { data: rows.rows, total: rows.rows[0]?.total ?? 0, page: 1, per_page: 20 };
});

app.get('/audit', async (req, reply) => {
  if (!(await admin(req, reply, 'SYSADMIN'))) return reply;
  const { page, count } = auditList(req.query);
  const [rows, total] = await Promise.all([q(page.text, page.values), q(count.text, count.values)]);
  return { data: rows.rows, total: total.rows[0].total, page: 1, per_page: 20 };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3102) });
console.log(`baseline ready on ${process.env.PORT ?? 3102}`);
