import type { Invoice, InvoiceGroups } from '@portal/shared';
import { sql } from 'drizzle-orm';
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
  const me = sql.placeholder(q.ME);
  const scopes = { list: scopeFor(viewer, 'invoices.invoice.list', me), job: scopeFor(viewer, 'jobs.job.view', me) };
  const id = actor.user.id;
  const [outstanding, paid, total] = await Promise.all([
    q.listInvoices(deps.db, scopes, id, 'outstanding', query.transaction_date, query.page, query.per_page),
    q.listInvoices(deps.db, scopes, id, 'paid', query.transaction_date, query.page, query.per_page),
    q.countInvoices(deps.db, scopes.list, id, query.transaction_date),
  ]);
  return {
    outstanding: outstanding.map(present),
    paid: paid.map(present),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}
