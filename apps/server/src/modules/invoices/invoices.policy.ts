import type { Role } from '@portal/shared';
import { forbidden } from '../../platform/errors.js';

/** Invoices are seen in the AR view only, and only those of the facilities the AR represents. */
export function assertInvoiceView(role: Role) {
  if (role !== 'AR') throw forbidden();
}
