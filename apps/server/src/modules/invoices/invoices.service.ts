import type { Invoice, InvoiceGroups } from '@portal/shared';
import { authorize, scopeFor, viewing } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import './invoices.policy.js';
import * as q from './invoices.queries.js';

function present(i: q.InvoiceRow): Invoice {
  const amount = Number(i.amount);
  return {
    id: i.id,
    transaction_number: i.transactionNumber,
    transaction_type: i.transactionType,
    transaction_date: i.transactionDate,
    job_number: i.jobNumber,
    job_id: i.jobId,
    amount,
    amount_due: i.status === 'paid' ? 0 : amount,
    status: i.status,
    facility: { id: i.facility.id, facility_number: i.facility.facilityNumber, name: i.facility.name },
  };
}

export async function listInvoices(
  deps: Deps,
  actor: Actor,
  query: { current_role?: string; transaction_date?: string; page: number; per_page: number },
): Promise<InvoiceGroups> {
  const viewer = viewing(actor, query.current_role);
  authorize(viewer, 'invoices.invoice.list');
  // The statements build the list's scope (invoiceScope) and the job link's ('jobs.job.view') from their shape.
  const jobForm = scopeFor(viewer, 'jobs.job.view').key;
  const id = actor.user.id;
  const [outstanding, paid, total] = await Promise.all([
    q.listInvoices(deps.db, id, jobForm, 'outstanding', query.transaction_date, query.page, query.per_page),
    q.listInvoices(deps.db, id, jobForm, 'paid', query.transaction_date, query.page, query.per_page),
    q.countInvoices(deps.db, id, query.transaction_date),
  ]);
  return { outstanding: outstanding.map(present), paid: paid.map(present), total, page: query.page, per_page: query.per_page };
}
