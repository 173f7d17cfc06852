import { z } from 'zod';
import { ROLES } from '../roles.js';
import { INVOICE_STATUSES } from '../jobs.js';
import { facilityRef } from './facilities.js';
import { isoDate, pageQuery } from './paging.js';

/** An invoice (spec/01 section 3). amount_due is the amount when outstanding and 0 when paid. */
export const invoice = z.object({
  id: z.number(),
  transaction_number: z.string(),
  transaction_type: z.string(),
  transaction_date: z.string(),
  job_number: z.string().nullable(),
  /** The job to link the job number to: null unless the user may see that job (DECISIONS-local "Invoices"). */
  job_id: z.number().nullable(),
  amount: z.number(),
  amount_due: z.number(),
  status: z.enum(INVOICE_STATUSES),
  facility: facilityRef,
});
export type Invoice = z.infer<typeof invoice>;

/** GET /invoices?current_role=AR: outstanding and paid, newest first; per_page applies to each group. */
export const invoiceListQuery = z.object({
  current_role: z.enum(ROLES).optional(),
  transaction_date: isoDate.optional(),
  ...pageQuery(50, 100),
});

export const invoiceGroups = z.object({
  outstanding: z.array(invoice),
  paid: z.array(invoice),
  total: z.object({ outstanding: z.number(), paid: z.number() }),
  page: z.number(),
  per_page: z.number(),
});
export type InvoiceGroups = z.infer<typeof invoiceGroups>;
