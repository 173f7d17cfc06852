import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvoiceGroups, Role } from '@portal/shared';
import { api } from '../../lib/api-client';
import { isSignedIn, useSession } from '../../lib/session';

/** One hook per call of docs/api.md "Facilities, sites, jobs, documents, invoices" (invoices part). */

export const invoicesKey = ['invoices'] as const;

export interface InvoicesQuery {
  /** YYYY-MM-DD, or null for every date. */
  transactionDate: string | null;
  page: number;
  perPage: number;
}

/**
 * GET /invoices?current_role=&transaction_date=&page=&per_page=: outstanding (oldest first) and
 * paid (newest first), each group paged with the same page and per_page.
 */
export function useInvoices({ transactionDate, page, perPage }: InvoicesQuery, enabled = true) {
  const session = useSession();
  const role: Role | null = session.currentRole;
  return useQuery({
    queryKey: [...invoicesKey, role, transactionDate, page, perPage],
    queryFn: ({ signal }) =>
      api.get<InvoiceGroups>('/invoices', {
        query: {
          current_role: role ?? undefined,
          transaction_date: transactionDate ?? undefined,
          page,
          per_page: perPage,
        },
        signal,
      }),
    enabled: enabled && isSignedIn(session),
    placeholderData: keepPreviousData,
  });
}
