/** The baseline's routes of the calls in bench/calls/jobs.mjs: the portal's statements (baseline-sql.mjs) with raw pg. */
import {
  DOC_COUNT,
  DOC_PAGE,
  INVOICE_COUNT,
  JOB_SIDES,
  SCOPE,
  invoicePage,
  jobsCount,
  jobsPage,
} from '../baseline-sql.mjs';
import { q, userOf } from './core.mjs';

/** Registers the routes on the baseline's Fastify app. */
export function routes(app) {
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
}
