import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { facilities, invoices, jobs } from '../../db/schema/index.js';
import { jobVisibleToForm, representedFacilityIds } from '../../platform/policy.js';
import { statement } from '../../platform/prepared.js';

type Q = Db | Tx;

const columns = {
  id: invoices.id,
  transactionNumber: invoices.transactionNumber,
  transactionType: invoices.transactionType,
  transactionDate: invoices.transactionDate,
  jobNumber: invoices.jobNumber,
  amount: invoices.amount,
  status: invoices.status,
  facility: { id: facilities.id, facilityNumber: facilities.facilityNumber, name: facilities.name },
};

export type InvoiceRow = Awaited<ReturnType<typeof listInvoices>>[number];

/** The invoices an AR may list: those of the facilities they represent ('invoices.invoice.list', invoices.policy.ts). */
export const invoiceScope = (userId: number | Placeholder): SQL => inArray(invoices.facilityId, representedFacilityIds(userId));

function scope(userId: number | Placeholder, byDate: boolean): SQL {
  return and(invoiceScope(userId), byDate ? eq(invoices.transactionDate, sql.placeholder('date')) : undefined)!;
}

/**
 * jobForm: the form of the user's 'jobs.job.view' scope (policy jobVisibilityKey): the invoice's
 * job id is given (its link) only for a job they may see (docs/DECISIONS.md "Invoices").
 */
const pageStatement = statement((db, shape: { status: 'outstanding' | 'paid'; byDate: boolean; jobForm: string }) =>
  db
    .select({
      ...columns,
      jobId: sql<number | null>`(select ${jobs.id} from ${jobs} where ${jobs.jobNumber} = ${invoices.jobNumber} and ${jobVisibleToForm(shape.jobForm, jobs.id, jobs.siteId, sql.placeholder('userId'))})`,
    })
    .from(invoices)
    .innerJoin(facilities, eq(facilities.id, invoices.facilityId))
    .where(and(scope(sql.placeholder('userId'), shape.byDate), eq(invoices.status, shape.status)))
    .orderBy(
      shape.status === 'outstanding' ? asc(invoices.transactionDate) : desc(invoices.transactionDate),
      shape.status === 'outstanding' ? asc(invoices.id) : desc(invoices.id),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

/** One page of one group: outstanding oldest first (the next to pay on top), paid newest first. */
export function listInvoices(db: Q, userId: number, jobForm: string, status: 'outstanding' | 'paid', date: string | undefined, page: number, perPage: number) {
  return pageStatement(db, { status, byDate: !!date, jobForm }).execute({ userId, date, limit: perPage, offset: (page - 1) * perPage });
}

const countStatement = statement((db, shape: { byDate: boolean }) =>
  db
    .select({ status: invoices.status, n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(scope(sql.placeholder('userId'), shape.byDate))
    .groupBy(invoices.status),
);

export async function countInvoices(db: Q, userId: number, date: string | undefined) {
  const rows = await countStatement(db, { byDate: !!date }).execute({ userId, date });
  return {
    outstanding: rows.find((r) => r.status === 'outstanding')?.n ?? 0,
    paid: rows.find((r) => r.status === 'paid')?.n ?? 0,
  };
}
