import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { facilities, invoices, jobs } from '../../db/schema/index.js';
import type { Scope } from '../../platform/access.js';
import { representedFacilityIds } from '../../platform/policy.js';
import { statement } from '../../platform/prepared.js';
import { extend } from '../../platform/objects.js';

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
export const invoiceScope = (userId: number | Placeholder): SQL =>
  inArray(invoices.facilityId, representedFacilityIds(userId));

/** The placeholder of the listing user in the scopes the service passes (scopeFor(..., sql.placeholder(ME))). */
export const ME = 'userId';

/** The scopes of a list: its invoices ('invoices.invoice.list') and the jobs whose link it gives ('jobs.job.view'). */
export interface InvoiceScopes {
  list: Scope;
  job: Scope;
}

function where(scope: Scope, byDate: boolean): SQL {
  return and(scope.where, byDate ? eq(invoices.transactionDate, sql.placeholder('date')) : undefined)!;
}

/** The invoice's job id is given (its link) only for a job the user may see (docs/DECISIONS.md "Invoices"). */
const pageStatement = statement(
  (db, shape: { status: 'outstanding' | 'paid'; byDate: boolean; list: Scope; job: Scope }) =>
    db
      .select(
        extend(columns, {
          jobId: sql<
            number | null
          >`(select ${jobs.id} from ${jobs} where ${jobs.jobNumber} = ${invoices.jobNumber} and ${shape.job.where})`,
        }),
      )
      .from(invoices)
      .innerJoin(facilities, eq(facilities.id, invoices.facilityId))
      .where(and(where(shape.list, shape.byDate), eq(invoices.status, shape.status)))
      .orderBy(
        shape.status === 'outstanding' ? asc(invoices.transactionDate) : desc(invoices.transactionDate),
        shape.status === 'outstanding' ? asc(invoices.id) : desc(invoices.id),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
);

/** One page of one group: outstanding oldest first (the next to pay on top), paid newest first. */
export function listInvoices(
  db: Q,
  scopes: InvoiceScopes,
  userId: number,
  status: 'outstanding' | 'paid',
  date: string | undefined,
  page: number,
  perPage: number,
) {
  return pageStatement(db, { status, byDate: !!date, ...scopes }).execute({
    [ME]: userId,
    date,
    limit: perPage,
    offset: (page - 1) * perPage,
  });
}

const countStatement = statement((db, shape: { byDate: boolean; list: Scope }) =>
  db
    .select({ status: invoices.status, n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(where(shape.list, shape.byDate))
    .groupBy(invoices.status),
);

/** The list's statements, for the benchmark's baseline to run their SQL (bench/baseline-sql.mjs). */
export const listStatements = { page: pageStatement, count: countStatement };

export async function countInvoices(db: Q, list: Scope, userId: number, date: string | undefined) {
  const rows = await countStatement(db, { byDate: !!date, list }).execute({ [ME]: userId, date });
  return {
    outstanding: rows.find((r) => r.status === 'outstanding')?.n ?? 0,
    paid: rows.find((r) => r.status === 'paid')?.n ?? 0,
  };
}
