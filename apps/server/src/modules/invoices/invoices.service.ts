import type { Invoice, InvoiceGroups } from '@portal/shared';
import { viewRole, type Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { assertInvoiceView } from './invoices.policy.js';
import * as q from './invoices.queries.js';

function present(i: q.InvoiceRow): Invoice {
  const amount = Number(i.amount);
  return {
    id: i.id,
    transaction_number: i.transactionNumber,
    transaction_type: i.transactionType,
    transaction_date: i.transactionDate,
    job_number: i.jobNumber,
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
  assertInvoiceView(viewRole(actor, query.current_role));
  const me = actor.user.id;
  const [outstanding, paid, total] = await Promise.all([
    q.listInvoices(deps.db, me, 'outstanding', query.transaction_date, query.page, query.per_page),
    q.listInvoices(deps.db, me, 'paid', query.transaction_date, query.page, query.per_page),
    q.countInvoices(deps.db, me, query.transaction_date),
  ]);
  return { outstanding: outstanding.map(present), paid: paid.map(present), total, page: query.page, per_page: query.per_page };
}
