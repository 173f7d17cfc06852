/** The baseline's routes of the calls in bench/calls/jobs.mjs: the portal's statements (baseline-sql.mjs) with raw pg. */
import { jobStageOf, jobStatusLabel } from '../../packages/shared/src/jobs.ts';
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
import { q, pageOf, userOf } from './core.mjs';

/**
 * A `date` column as the portal writes it: PostgreSQL's own 'YYYY-MM-DD' (the portal's driver hands
 * dates over as text, prepared.ts AS_TEXT). node-postgres made a Date at local midnight of that day
 * (core.mjs's pool keeps its default parsers), so its local fields give the day back (four-digit
 * years, as in the data); null stays null.
 */
const dayOf = (d) => {
  if (d === null) return null;
  const m = d.getMonth() + 1;
  const day = d.getDate();
  return `${d.getFullYear()}-${m < 10 ? '0' : ''}${m}-${day < 10 ? '0' : ''}${day}`;
};

/** Registers the routes on the baseline's Fastify app. */
export function routes(app) {
  // The portal's answer (JobList): each job as JobSummary (the status' label and the stage as the
  // screens read them, packages/shared jobs.ts; the visit day as text; the site and the facility
  // nested), then the total and the page. Array rows: the statement selects jobs.status twice (the
  // status and its label's source) and three columns named id, so node-postgres' object rows kept
  // the facility's id as the job's, and the answer was 2,544 characters against the portal's 3,266
  // (2026-11-28).
  app.get('/jobs', async (req, reply) => {
    const me = await userOf(req, reply);
    if (me === null) return reply;
    const scope = SCOPE[req.query.role === 'AR' ? 'AR' : 'TA'];
    const { page, limit, offset } = pageOf(req.query, 10);
    const [rows, count] = await Promise.all([
      q(jobsPage(scope), [me, limit, offset], 'array'),
      q(jobsCount(scope), [me], 'array'),
    ]);
    const data = rows.rows.map(
      ([
        id,
        number,
        type,
        status,
        ,
        stage,
        visit,
        siteId,
        sid,
        siteNumber,
        siteName,
        facilityId,
        fid,
        fnumber,
        fname,
        suburb,
        state,
      ]) => ({
        id,
        job_number: number,
        type,
        status,
        status_label: jobStatusLabel(status),
        stage: jobStageOf(stage),
        visit_date: dayOf(visit),
        site_id: siteId,
        site: { id: sid, site_number: siteNumber, name: siteName },
        facility_id: facilityId,
        facility: { id: fid, facility_number: fnumber, name: fname },
        suburb,
        state,
      }),
    );
    return { data, total: count.rows[0][0], page, per_page: limit };
  });

  // The portal's answer (DocumentGroups): received (the other side's) before submitted (the
  // viewer's side's), each document with its size as a number (a bigint column, text from
  // node-postgres), its uploader nested (null when the left join found none: the first name's
  // column is null, as the portal's mapper reads it) and its times as ISO text (node-postgres'
  // Date writes the same text as the portal's isoTime: toISOString, UTC, milliseconds); then the
  // counts by side and the page. The job's row says which sides the user is on: the view's side
  // not among them is the portal's 404. As object rows, the groups came in the other order with
  // the uploader's columns flat, the size as text and the counts as rows: 1,358 characters against
  // the portal's 1,234 (2026-11-28).
  const docOf = ([id, name, description, created, size, mime, first, last, comment, reviewed]) => ({
    id,
    name,
    description,
    created_at: created,
    size: Number(size),
    mime_type: mime,
    user: first === null ? null : { first_name: first, last_name: last },
    reviewed_comment: comment,
    reviewed_date: reviewed,
  });
  const countOf = (rows, side) => rows.find((r) => r[0] === side)?.[1] ?? 0;
  app.get('/jobdocuments', async (req, reply) => {
    const me = await userOf(req, reply);
    if (me === null) return reply;
    const job = await q(JOB_SIDES, [me, me, Number(req.query.jobid), 1], 'array');
    const facility = req.query.role === 'AR';
    // The job's row: id, number, site, on the facility side, on the assessor side.
    if (job.rowCount === 0 || !job.rows[0][facility ? 3 : 4]) return reply.code(404).send({ message: 'Not found.' });
    const mine = facility ? 'facility' : 'assessor';
    const other = facility ? 'assessor' : 'facility';
    const jobId = job.rows[0][0];
    const { page, limit, offset } = pageOf(req.query, 100);
    const [a, b, c] = await Promise.all([
      q(DOC_PAGE, [jobId, mine, limit, offset], 'array'),
      q(DOC_PAGE, [jobId, other, limit, offset], 'array'),
      q(DOC_COUNT, [jobId], 'array'),
    ]);
    return {
      received: b.rows.map(docOf),
      submitted: a.rows.map(docOf),
      total: { received: countOf(c.rows, other), submitted: countOf(c.rows, mine) },
      page,
      per_page: limit,
    };
  });

  // The portal's answer (InvoiceGroups): each invoice with its day as text, the amount as a number
  // (numeric, text from node-postgres), the amount due (0 once paid), the job's id only when the
  // statement found the user may see that job, and the facility nested; then the counts by status
  // and the page. As object rows, the three columns named id left one, the job's (null without a
  // link) in the invoice's place, the day was a timestamp and the amount text: 2,393 characters
  // against the portal's 2,717 (2026-11-28).
  const invoiceOf = ([id, number, type, date, jobNumber, amount, status, fid, fnumber, fname, jobId]) => {
    const value = Number(amount);
    return {
      id,
      transaction_number: number,
      transaction_type: type,
      transaction_date: dayOf(date),
      job_number: jobNumber,
      job_id: jobId,
      amount: value,
      amount_due: status === 'paid' ? 0 : value,
      status,
      facility: { id: fid, facility_number: fnumber, name: fname },
    };
  };
  app.get('/invoices', async (req, reply) => {
    const me = await userOf(req, reply);
    if (me === null) return reply;
    const { page, limit, offset } = pageOf(req.query, 50);
    const [o, p, c] = await Promise.all([
      q(invoicePage('asc'), [me, me, 'outstanding', limit, offset], 'array'),
      q(invoicePage('desc'), [me, me, 'paid', limit, offset], 'array'),
      q(INVOICE_COUNT, [me], 'array'),
    ]);
    return {
      outstanding: o.rows.map(invoiceOf),
      paid: p.rows.map(invoiceOf),
      total: { outstanding: countOf(c.rows, 'outstanding'), paid: countOf(c.rows, 'paid') },
      page,
      per_page: limit,
    };
  });
}
