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
import { DOC_COUNT, DOC_PAGE, INVOICE_COUNT, JOB_SIDES, SCOPE, invoicePage, jobsCount, jobsPage } from './baseline-sql.mjs';

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

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3102) });
console.log(`baseline ready on ${process.env.PORT ?? 3102}`);
