import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Invoice, InvoiceGroups } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import InvoicesPage from './invoices-page';

function invoice(n: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: n,
    transaction_number: `INV-${50000 + n}`,
    transaction_type: 'Invoice',
    transaction_date: `2026-01-${String(n).padStart(2, '0')}`,
    job_number: `1002${String(n).padStart(2, '0')}`,
    job_id: n,
    amount: 1000 * n + 0.5,
    amount_due: 1000 * n + 0.5,
    status: 'outstanding',
    facility: { id: 4, facility_number: '000412', name: 'Sydney Central Pathology' },
    ...overrides,
  };
}

/** Answers GET /api/invoices from two lists, filtered by date and paged as the server does. */
function serveInvoices(outstanding: Invoice[], paid: Invoice[]) {
  return mockFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname !== '/api/invoices') return undefined;
    const date = u.searchParams.get('transaction_date');
    const page = Number(u.searchParams.get('page'));
    const perPage = Number(u.searchParams.get('per_page'));
    const pick = (list: Invoice[]) => list.filter((i) => !date || i.transaction_date === date);
    const cut = (list: Invoice[]) => pick(list).slice((page - 1) * perPage, page * perPage);
    const body: InvoiceGroups = {
      outstanding: cut(outstanding),
      paid: cut(paid),
      total: { outstanding: pick(outstanding).length, paid: pick(paid).length },
      page,
      per_page: perPage,
    };
    return { body };
  });
}

const outstandingTable = () => screen.getByRole('table', { name: 'Outstanding invoices' });

describe('invoices page', () => {
  it('shows the outstanding invoices with the columns of spec 2.8 and amounts in dollars', async () => {
    signInAs('AR');
    const { calls } = serveInvoices(
      [invoice(1), invoice(2, { transaction_type: 'Credit Note', amount: -150, amount_due: -150, job_number: null })],
      [],
    );
    renderWithApp(<InvoicesPage />, { path: '/invoices' });
    const first = await screen.findByText('INV-50001');
    expect(calls[0]?.url).toBe('/api/invoices?current_role=AR&page=1&per_page=5');
    for (const header of ['Invoice ID', 'Type', 'Transaction Date', 'Facility', 'Job Number', 'Amount Due']) {
      expect(within(outstandingTable()).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = first.closest('tr')!;
    expect(row).toHaveTextContent('Invoice');
    expect(row).toHaveTextContent('01/01/2026');
    expect(row).toHaveTextContent('100201');
    expect(row).toHaveTextContent('$1,000.50');
    expect(within(row).getByRole('link', { name: 'Sydney Central Pathology' })).toHaveAttribute('href', '/facility/4');
    const credit = screen.getByText('INV-50002').closest('tr')!;
    expect(credit).toHaveTextContent('Credit Note');
    expect(credit).toHaveTextContent('-$150.00');
  });

  it("links the job number to the job only when the server gives the job's id (a job the user may see)", async () => {
    signInAs('AR');
    serveInvoices([invoice(1, { job_id: 41 }), invoice(2, { job_id: null, job_number: '100242' })], []);
    renderWithApp(<InvoicesPage />, { path: '/invoices' });
    const linked = (await screen.findByText('INV-50001')).closest('tr')!;
    expect(within(linked).getByRole('link', { name: '100201' })).toHaveAttribute('href', '/job/41');
    const plain = screen.getByText('INV-50002').closest('tr')!;
    expect(plain).toHaveTextContent('100242');
    expect(within(plain).queryByRole('link', { name: '100242' })).not.toBeInTheDocument();
  });

  it('sends the d/m/y date filter as transaction_date=YYYY-MM-DD, and clears it', async () => {
    signInAs('AR');
    const { calls } = serveInvoices([invoice(1), invoice(5)], []);
    const user = userEvent.setup();
    renderWithApp(<InvoicesPage />, { path: '/invoices' });
    await screen.findByText('INV-50005');

    const field = screen.getByLabelText('Transaction date');
    await user.type(field, '5/1/2026');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('INV-50001')).not.toBeInTheDocument());
    expect(screen.getByText('INV-50005')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/invoices?current_role=AR&transaction_date=2026-01-05&page=1&per_page=5');
    expect(field).toHaveValue('05/01/2026');
    // Nothing was asked for while the date was half typed.
    expect(
      calls
        .filter((c) => c.url.includes('transaction_date'))
        .every((c) => c.url.includes('transaction_date=2026-01-05')),
    ).toBe(true);

    await user.clear(field);
    await user.tab();
    expect(await screen.findByText('INV-50001')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/invoices?current_role=AR&page=1&per_page=5');
  });

  it('says when no invoice matches the date', async () => {
    signInAs('AR');
    serveInvoices([invoice(1)], []);
    const user = userEvent.setup();
    renderWithApp(<InvoicesPage />, { path: '/invoices' });
    await screen.findByText('INV-50001');
    await user.type(screen.getByLabelText('Transaction date'), '02/03/2026');
    await user.tab();
    expect(await screen.findByText('There are no outstanding invoices dated 02/03/2026.')).toBeInTheDocument();
  });

  it('pages the outstanding invoices, and lists the paid ones with their Amount on their tab', async () => {
    signInAs('AR');
    const outstanding = Array.from({ length: 7 }, (_, i) => invoice(i + 1));
    const paid = [invoice(20, { status: 'paid', amount: 2100, amount_due: 0 })];
    const { calls } = serveInvoices(outstanding, paid);
    const user = userEvent.setup();
    renderWithApp(<InvoicesPage />, { path: '/invoices' });
    await screen.findByText('INV-50001');
    expect(within(outstandingTable()).getAllByRole('row')).toHaveLength(1 + 5);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('INV-50007')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/invoices?current_role=AR&page=2&per_page=5');

    await user.click(screen.getByRole('tab', { name: /Paid/ }));
    const paidRow = (await screen.findByText('INV-50020')).closest('tr')!;
    // Nothing is due on a paid invoice: the column is 'Amount', what was paid.
    const paidTable = screen.getByRole('table', { name: 'Paid invoices' });
    expect(within(paidTable).getByRole('columnheader', { name: 'Amount' })).toBeInTheDocument();
    expect(within(paidTable).queryByRole('columnheader', { name: 'Amount Due' })).not.toBeInTheDocument();
    expect(paidRow).toHaveTextContent('$2,100.00');
    expect(calls.at(-1)?.url).toBe('/api/invoices?current_role=AR&page=1&per_page=5');
    expect(screen.queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();
  });

  it('keeps the tab, date, page and page size in the address: a remount (Back from a job, a reload) shows the same rows', async () => {
    signInAs('AR');
    const paid = Array.from({ length: 12 }, (_, i) =>
      invoice(i + 1, { status: 'paid', transaction_date: '2026-01-05', amount_due: 0 }),
    );
    const { calls } = serveInvoices([], paid);
    const user = userEvent.setup();
    const first = renderWithApp(<InvoicesPage />, {
      path: '/invoices',
      initialEntry: '/invoices?tab=paid&date=2026-01-05&per_page=10',
    });
    await screen.findByText('INV-50001');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('INV-50011')).toBeInTheDocument();
    const { pathname, search } = first.router.state.location;
    first.unmount();

    renderWithApp(<InvoicesPage />, { path: '/invoices', initialEntry: `${pathname}${search}` });
    expect(await screen.findByText('INV-50011')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Paid/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Transaction date')).toHaveValue('05/01/2026');
    expect(calls.at(-1)?.url).toBe('/api/invoices?current_role=AR&transaction_date=2026-01-05&page=2&per_page=10');
  });

  it('says so when there are no outstanding invoices', async () => {
    signInAs('AR');
    serveInvoices([], []);
    renderWithApp(<InvoicesPage />, { path: '/invoices' });
    expect(await screen.findByText('There are no outstanding invoices.')).toBeInTheDocument();
  });
});
