/**
 * The baseline of the load run: a bare Fastify server whose routes run the same SQL as the portal's
 * GET /api/jobs, /api/jobdocuments and /api/invoices (the session and role lookups included, as
 * the portal's authenticate hook runs them), with raw `pg` named statements and no validation,
 * policy or presenter.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
// Named statements: PostgreSQL plans each once per connection, as the portal's prepared ones.
const names = new Map();
const q = (text, values, rowMode) => {
  if (!names.has(text)) names.set(text, `b${names.size}`);
  return pool.query({ name: names.get(text), text, values, rowMode });
};

const SESSION = `select "sessions"."id", "sessions"."token_hash", "sessions"."user_id", "sessions"."stage", "sessions"."ip", "sessions"."user_agent", "sessions"."created_at", "sessions"."expires_at", "users"."id", "users"."resource_id", "users"."email", "users"."password_hash", "users"."first_name", "users"."middle_name", "users"."last_name", "users"."title", "users"."mobile_number", "users"."address", "users"."suburb", "users"."state", "users"."country", "users"."postcode", "users"."activated", "users"."tf_mobile_number", "users"."tf_completed", "users"."tf_remind", "users"."created_at", "users"."updated_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."token_hash" = $1 and "sessions"."expires_at" > $2) limit $3`;
const ROLES = `select "role" from "user_roles" where "user_roles"."user_id" = $1`;

const JOB_COLUMNS = `"jobs"."id", "jobs"."job_number", "jobs"."type", "jobs"."status", "jobs"."stage", "jobs"."visit_date", "jobs"."job_details", "sites"."id", "sites"."site_number", "sites"."name", "sites"."email", "sites"."phone", "sites"."address", "sites"."suburb", "sites"."state", "sites"."post_code", "facilities"."id", "facilities"."facility_number", "facilities"."name"`;
const SCOPE = {
  AR: `"jobs"."site_id" in (select "ar_sites"."site_id" from "ar_sites" where "ar_sites"."user_id" = $1)`,
  TA: `"jobs"."id" in (select "job_assessors"."job_id" from "job_assessors" where "job_assessors"."user_id" = $1)`,
};
const jobsPage = (scope) =>
  `select ${JOB_COLUMNS} from "jobs" inner join "sites" on "sites"."id" = "jobs"."site_id" inner join "facilities" on "facilities"."id" = "sites"."facility_id" where ${scope} order by "jobs"."visit_date" desc nulls last, "jobs"."id" desc limit $2`;
const jobsCount = (scope) => `select count(*)::int from "jobs" where ${scope}`;

const JOB_SIDES = `select "id", "job_number", "site_id", exists (select 1 from "ar_sites" where "ar_sites"."site_id" = "jobs"."site_id" and "ar_sites"."user_id" = $1), exists (select 1 from "job_assessors" where "job_assessors"."job_id" = "jobs"."id" and "job_assessors"."user_id" = $2) from "jobs" where "jobs"."id" = $3 limit $4`;
const DOC_COUNT = `select "side", count(*)::int from "job_documents" where "job_documents"."job_id" = $1 group by "job_documents"."side"`;
const DOC_PAGE = `select "job_documents"."id", "job_documents"."job_id", "job_documents"."description", "job_documents"."side", "job_documents"."reviewed_comment", "job_documents"."reviewed_at", "files"."id", "files"."storage_key", "files"."name", "files"."size", "files"."mime_type", "files"."uploaded_by", "files"."created_at", "users"."first_name", "users"."last_name" from "job_documents" inner join "files" on "files"."id" = "job_documents"."file_id" left join "users" on "users"."id" = "files"."uploaded_by" where ("job_documents"."job_id" = $1 and "job_documents"."side" = $2) order by "files"."created_at" asc, "job_documents"."id" asc limit $3`;

const INVOICE_SCOPE = `"invoices"."facility_id" in (select "sites"."facility_id" from "sites" inner join "ar_sites" on "ar_sites"."site_id" = "sites"."id" where "ar_sites"."user_id" = $1)`;
const INVOICE_COUNT = `select "status", count(*)::int from "invoices" where ${INVOICE_SCOPE} group by "invoices"."status"`;
const invoicePage = (order) =>
  `select "invoices"."id", "invoices"."transaction_number", "invoices"."transaction_type", "invoices"."transaction_date", "invoices"."job_number", "invoices"."amount", "invoices"."status", "facilities"."id", "facilities"."facility_number", "facilities"."name" from "invoices" inner join "facilities" on "facilities"."id" = "invoices"."facility_id" where (${INVOICE_SCOPE} and "invoices"."status" = $2) order by "invoices"."transaction_date" ${order}, "invoices"."id" ${order} limit $3`;

async function userOf(req, reply) {
  const token = (req.headers.authorization ?? '').slice(7);
  const hash = createHash('sha256').update(token).digest('hex');
  const s = await q(SESSION, [hash, new Date(), 1], 'array');
  if (s.rowCount === 0) return reply.code(401).send({ message: 'Unauthenticated.' });
  const userId = s.rows[0][8];
  await q(ROLES, [userId]);
  return userId;
}

app.get('/jobs', async (req, reply) => {
  const me = await userOf(req, reply);
  const scope = SCOPE[req.query.role === 'AR' ? 'AR' : 'TA'];
  const [rows, count] = await Promise.all([q(jobsPage(scope), [me, 10]), q(jobsCount(scope), [me])]);
  return { data: rows.rows, total: count.rows[0].count };
});

app.get('/jobdocuments', async (req, reply) => {
  const me = await userOf(req, reply);
  const job = await q(JOB_SIDES, [me, me, Number(req.query.jobid), 1]);
  if (job.rowCount === 0) return reply.code(404).send({ message: 'Not found.' });
  const mine = req.query.role === 'AR' ? 'facility' : 'assessor';
  const other = mine === 'facility' ? 'assessor' : 'facility';
  const [a, b, c] = await Promise.all([q(DOC_PAGE, [job.rows[0].id, mine, 100]), q(DOC_PAGE, [job.rows[0].id, other, 100]), q(DOC_COUNT, [job.rows[0].id])]);
  return { submitted: a.rows, received: b.rows, total: c.rows };
});

app.get('/invoices', async (req, reply) => {
  const me = await userOf(req, reply);
  const [o, p, c] = await Promise.all([q(invoicePage('asc'), [me, 'outstanding', 50]), q(invoicePage('desc'), [me, 'paid', 50]), q(INVOICE_COUNT, [me])]);
  return { outstanding: o.rows, paid: p.rows, total: c.rows };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3102) });
console.log(`baseline ready on ${process.env.PORT ?? 3102}`);
