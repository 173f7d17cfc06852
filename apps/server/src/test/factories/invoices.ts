import type { Db } from '../../db/client.js';
import { invoices } from '../../db/schema/index.js';
import { next } from './sequence.js';

export type InvoiceRow = typeof invoices.$inferSelect;

/** An outstanding invoice of the facility unless told otherwise. */
export async function makeInvoice(
  db: Db,
  facility: { id: number },
  values: Partial<typeof invoices.$inferInsert> = {},
): Promise<InvoiceRow> {
  const n = next();
  const [row] = await db
    .insert(invoices)
    .values({
      transactionNumber: `INV-T${n}`,
      transactionType: 'Invoice',
      transactionDate: '2026-01-01',
      amount: '100.00',
      status: 'outstanding',
      ...values,
      facilityId: facility.id,
    })
    .returning();
  return row!;
}
