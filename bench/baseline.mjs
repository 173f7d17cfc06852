/**
 * The baseline of the load run: a bare Fastify server whose routes run the same SQL as the portal's
 * GET /api/jobs, /api/jobdocuments and /api/invoices (baseline-sql.mjs, checked against the portal
 * by check-sql.mjs), the authenticate statement included (the portal's own ACTOR_SQL, so this runs
 * under tsx: `node --import tsx --conditions=source baseline.mjs`), with raw `pg` named statements
 * and no validation, policy or presenter.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { ACTOR_SQL } from '../apps/server/src/platform/actor.ts';
import {
  CATEGORIES,
  DOC_COUNT,
  DOC_PAGE,
  INVOICE_COUNT,
  JOB_SIDES,
  PUBLICATION_COUNT,
  PUBLICATION_PAGE,
  SCOPE,
  SUBSCRIPTIONS_OF,
  invoicePage,
  jobsCount,
  jobsPage,
  publicationLeaves,
} from './baseline-sql.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
// Named statements: PostgreSQL plans each once per connection, as the portal's prepared ones.
const names = new Map();
const q = (text, values, rowMode) => {
  if (!names.has(text)) names.set(text, `b${names.size}`);
  return pool.query({ name: names.get(text), text, values, rowMode });
};

async function userOf(req, reply) {
  const token = (req.headers.authorization ?? '').slice(7);
  const hash = createHash('sha256').update(token).digest('hex');
  // The portal's one authenticate statement: session, user, roles and committees ($1 hash, $2 limit).
  const s = await q(ACTOR_SQL.token, [hash, 1], 'array');
  if (s.rowCount === 0) return reply.code(401).send({ message: 'Unauthenticated.' });
  return s.rows[0][2];
}

app.get('/jobs', async (req, reply) => {
  const me = await userOf(req, reply);
  const scope = SCOPE[req.query.role === 'AR' ? 'AR' : 'TA'];
  const [rows, count] = await Promise.all([q(jobsPage(scope), [me, 10, 0]), q(jobsCount(scope), [me])]);
  return { data: rows.rows, total: count.rows[0].count };
});

app.get('/jobdocuments', async (req, reply) => {
  const me = await userOf(req, reply);
  const job = await q(JOB_SIDES, [me, me, Number(req.query.jobid), 1]);
  if (job.rowCount === 0) return reply.code(404).send({ message: 'Not found.' });
  const mine = req.query.role === 'AR' ? 'facility' : 'assessor';
  const other = mine === 'facility' ? 'assessor' : 'facility';
  const [a, b, c] = await Promise.all([q(DOC_PAGE, [job.rows[0].id, mine, 100, 0]), q(DOC_PAGE, [job.rows[0].id, other, 100, 0]), q(DOC_COUNT, [job.rows[0].id])]);
  return { submitted: a.rows, received: b.rows, total: c.rows };
});

app.get('/invoices', async (req, reply) => {
  const me = await userOf(req, reply);
  const [o, p, c] = await Promise.all([q(invoicePage('asc'), [me, me, 'outstanding', 50, 0]), q(invoicePage('desc'), [me, me, 'paid', 50, 0]), q(INVOICE_COUNT, [me])]);
  return { outstanding: o.rows, paid: p.rows, total: c.rows };
});

// Forum (issue 10): the same SQL as modules/forum/forum.queries.ts, behind a membership check.
const AUTHOR = `"users"."id", "users"."first_name", "users"."middle_name", "users"."last_name"`;
const THREAD_COLUMNS = `"forum_threads"."id", "forum_threads"."committee_id", "forum_threads"."title", "forum_threads"."created_at", "forum_threads"."updated_at", "forum_threads"."replies_count", "forum_threads"."user_id"`;
const THREADS_PAGE = `select ${THREAD_COLUMNS}, ${AUTHOR}, "forum_categories"."id", "forum_categories"."name" from "forum_threads" left join "users" on "users"."id" = "forum_threads"."user_id" inner join "forum_categories" on "forum_categories"."id" = "forum_threads"."category_id" where "forum_threads"."committee_id" = $1 order by "forum_threads"."last_activity_at" desc, "forum_threads"."id" desc limit $2 offset $3`;
const THREADS_COUNT = `select count(*)::int from "forum_threads" where "forum_threads"."committee_id" = $1`;
const THREAD_FACTS = `select "id", "committee_id", "user_id", "title" from "forum_threads" where "id" = $1`;
const THREAD = `select ${THREAD_COLUMNS}, "forum_threads"."body", ${AUTHOR}, "forum_categories"."id", "forum_categories"."name" from "forum_threads" left join "users" on "users"."id" = "forum_threads"."user_id" inner join "forum_categories" on "forum_categories"."id" = "forum_threads"."category_id" where "forum_threads"."id" = $1`;
const REPLIES = `select "forum_replies"."id", "forum_replies"."thread_id", "forum_replies"."body", "forum_replies"."created_at", "forum_replies"."updated_at", "forum_replies"."user_id", ${AUTHOR} from "forum_replies" left join "users" on "users"."id" = "forum_replies"."user_id" where "forum_replies"."thread_id" = $1 order by "forum_replies"."created_at" desc, "forum_replies"."id" desc limit $2 offset $3`;
const ATTACHMENTS = `select "forum_attachments"."id", "forum_attachments"."thread_id", "forum_attachments"."reply_id", "files"."id", "files"."name", "files"."size", "files"."created_at" from "forum_attachments" inner join "files" on "files"."id" = "forum_attachments"."file_id" where "forum_attachments"."thread_id" = $1 order by "forum_attachments"."id"`;
const FOLLOWING = `select 1 from "forum_follows" where "thread_id" = $1 and "user_id" = $2`;
/** forum.queries.ts searchQuery: websearch for the words, the last one also as a prefix. */
function tsquery(term, at) {
  const words = term.trim().split(/\s+/);
  const last = words.at(-1) ?? '';
  if (!/^[\p{L}\p{N}]+$/u.test(last)) return { text: `websearch_to_tsquery('english', $${at})`, values: [term] };
  const head = words.slice(0, -1).join(' ');
  if (!head) return { text: `to_tsquery('english', $${at})`, values: [`'${last}':*`] };
  return { text: `(websearch_to_tsquery('english', $${at}) && to_tsquery('english', $${at + 1}))`, values: [head, `'${last}':*`] };
}

/** The actor, as the portal loads it; a committee is open when the actor's memberships (in the same row) hold it. */
async function member(req, reply, committeeId) {
  const token = (req.headers.authorization ?? '').slice(7);
  const s = await q(ACTOR_SQL.token, [createHash('sha256').update(token).digest('hex'), 1], 'array');
  if (s.rowCount === 0) {
    reply.code(401).send({ message: 'Unauthenticated.' });
    return null;
  }
  const row = s.rows[0];
  const committees = row.at(-1) ?? [];
  if (!committees.some((c) => c.id === committeeId)) {
    reply.code(404).send({ message: 'Not found.' });
    return null;
  }
  return row[2];
}

app.get('/forumthreads', async (req, reply) => {
  const cm = Number(req.query.committeeid);
  if ((await member(req, reply, cm)) === null) return reply;
  const [rows, count] = await Promise.all([q(THREADS_PAGE, [cm, 10, 0]), q(THREADS_COUNT, [cm])]);
  return { data: rows.rows, total: count.rows[0].count };
});

app.get('/forumthreads/:id', async (req, reply) => {
  const id = Number(req.params.id);
  const facts = await q(THREAD_FACTS, [id]);
  if (facts.rowCount === 0) return reply.code(404).send({ message: 'Not found.' });
  const me = await member(req, reply, facts.rows[0].committee_id);
  if (me === null) return reply;
  const [thread, replies, attachments, following] = await Promise.all([q(THREAD, [id]), q(REPLIES, [id, 50, 0]), q(ATTACHMENTS, [id]), q(FOLLOWING, [id, me])]);
  return { thread: thread.rows[0], replies: replies.rows, documents: attachments.rows, is_following: following.rowCount > 0 };
});

app.get('/forum/search', async (req, reply) => {
  const cm = Number(req.query.cmid);
  if ((await member(req, reply, cm)) === null) return reply;
  const query = tsquery(String(req.query.term), 2);
  const tq = query.text;
  const replyMatch = `exists (select 1 from "forum_replies" where "forum_replies"."thread_id" = "forum_threads"."id" and "forum_replies"."search" @@ ${tq})`;
  const where = `"forum_threads"."committee_id" = $1 and ("forum_threads"."search" @@ ${tq} or ${replyMatch})`;
  const rank = `greatest(ts_rank("forum_threads"."search", ${tq}), coalesce((select max(ts_rank("forum_replies"."search", ${tq})) from "forum_replies" where "forum_replies"."thread_id" = "forum_threads"."id" and "forum_replies"."search" @@ ${tq}), 0) * 0.9)`;
  const values = [cm, ...query.values];
  const [hits, count] = await Promise.all([
    pool.query(`select "forum_threads"."id" from "forum_threads" where ${where} order by ${rank} desc, "forum_threads"."last_activity_at" desc, "forum_threads"."id" desc limit 10 offset 0`, values),
    pool.query(`select count(*)::int from "forum_threads" where ${where}`, values),
  ]);
  const ids = hits.rows.map((r) => r.id);
  if (ids.length === 0) return { data: [], total: count.rows[0].count };
  const text = `case when "forum_threads"."search" @@ ${tq} then "forum_threads"."title" || '. ' || "forum_threads"."body_text" || ' ' || "forum_threads"."attachment_names" else coalesce((select "forum_replies"."body_text" || ' ' || "forum_replies"."attachment_names" from "forum_replies" where "forum_replies"."thread_id" = "forum_threads"."id" and "forum_replies"."search" @@ ${tq} order by ts_rank("forum_replies"."search", ${tq}) desc limit 1), "forum_threads"."body_text") end`;
  const at = values.length + 1;
  const rows = await pool.query(
    `select ${THREAD_COLUMNS}, ${AUTHOR}, "forum_categories"."id", "forum_categories"."name", ts_headline('english', ${text}, ${tq}, $${at + 1}) from "forum_threads" left join "users" on "users"."id" = "forum_threads"."user_id" inner join "forum_categories" on "forum_categories"."id" = "forum_threads"."category_id" where "forum_threads"."id" = any($${at})`,
    [...values, ids, 'StartSel=\u27e6, StopSel=\u27e7, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'],
  );
  return { data: rows.rows, total: count.rows[0].count };
});

// Publications (issue 12): the same SQL as modules/publications/publications.queries.ts
// (baseline-sql.mjs), behind the reader-role check; the rows are answered as they come, without
// the portal's presenter (the tree is not built). Reading publications needs a reader role; the
// tree without them any signed-in user.
const READERS = ['TA', 'AR', 'LA', 'CM'];
async function reader(req, reply, readerOnly = true) {
  const token = (req.headers.authorization ?? '').slice(7);
  const s = await q(ACTOR_SQL.token, [createHash('sha256').update(token).digest('hex'), 1], 'array');
  if (s.rowCount === 0) {
    reply.code(401).send({ message: 'Unauthenticated.' });
    return null;
  }
  const row = s.rows[0];
  if (readerOnly && !(row.at(-2) ?? []).some((r) => READERS.includes(r))) {
    reply.code(403).send({ message: 'Forbidden.' });
    return null;
  }
  return row[2];
}

app.get('/publications', async (req, reply) => {
  if ((await reader(req, reply)) === null) return reply;
  const [rows, count] = await Promise.all([q(PUBLICATION_PAGE, [10, 0], 'array'), pool.query({ text: PUBLICATION_COUNT, rowMode: 'array' })]);
  return { data: rows.rows, total: count.rows[0][0], page: 1, per_page: 10 };
});

app.get('/categories', async (req, reply) => {
  const me = await reader(req, reply, req.query.withPublication === 'true');
  if (me === null) return reply;
  const [categories, subs] = await Promise.all([pool.query({ text: CATEGORIES, rowMode: 'array' }), pool.query({ text: SUBSCRIPTIONS_OF, values: [me], rowMode: 'array' })]);
  if (req.query.withPublication !== 'true') return { categories: categories.rows, subscriptions: subs.rows };
  const ids = req.query.subscribed === 'true' ? subs.rows.map((r) => r[0]) : null;
  const leaves = await pool.query({ text: publicationLeaves(ids && ids.length), values: ids ? (ids.length ? ids : [-1]) : [], rowMode: 'array' });
  return { categories: categories.rows, subscriptions: subs.rows, publications: leaves.rows };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3102) });
console.log(`baseline ready on ${process.env.PORT ?? 3102}`);
