import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Invoice, JobSummary, PublicationItem, Role } from '@portal/shared';
import { mockFetch, renderWithApp } from '../test/render';
import { signInAs } from '../test/sign-in';
import DashboardPage from './dashboard-page';

function job(n: number, status = 1): JobSummary {
  return {
    id: n,
    job_number: `1002${String(n).padStart(2, '0')}`,
    type: 'RES',
    status,
    status_label: ['', 'Planned', 'In progress', 'Complete', 'Cancel'][status]!,
    stage: 'Preparation',
    visit_date: `2026-02-${String(n).padStart(2, '0')}`,
    site_id: 7,
    site: { id: 7, site_number: 'S-1', name: `Site ${n}` },
    facility_id: 4,
    facility: { id: 4, facility_number: '000412', name: 'Sydney Central Pathology' },
    suburb: 'Sydney',
    state: 'NSW',
  };
}

function invoice(n: number): Invoice {
  return {
    id: n,
    transaction_number: `INV-${50000 + n}`,
    transaction_type: 'Invoice',
    transaction_date: `2026-01-${String(n).padStart(2, '0')}`,
    job_number: null,
    job_id: null,
    amount: n === 2 ? -150 : 1250,
    amount_due: n === 2 ? -150 : 1250,
    status: 'outstanding',
    facility: { id: 4, facility_number: '000412', name: 'Sydney Central Pathology' },
  };
}

function publication(n: number): PublicationItem {
  return {
    id: n,
    name: `Publication ${n}`,
    uri: `/api/publications/${n}/file`,
    updated_at: '2026-03-05T01:00:00.000Z',
    file_name: `Publication ${n}.pdf`,
    size: 1000,
    category: { id: 1, name: 'General' },
    subcategory: { id: 2, name: 'Forms' },
  };
}

/** The server answers more rows than asked for: the cards still show at most 5. */
function serveDashboard() {
  return mockFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/notifications') return { body: { data: [], unread: 0, total: 0 } };
    if (u.pathname === '/api/activeuser') return { status: 500, body: {} };
    if (u.pathname === '/api/jobs') {
      const data = Array.from({ length: 7 }, (_, i) => job(i + 1, i === 0 ? 2 : 1));
      return { body: { data, total: 12, page: 1, per_page: 5 } };
    }
    if (u.pathname === '/api/invoices') {
      const outstanding = Array.from({ length: 6 }, (_, i) => invoice(i + 1));
      return { body: { outstanding, paid: [], total: { outstanding: 9, paid: 0 }, page: 1, per_page: 5 } };
    }
    if (u.pathname === '/api/publications')
      return {
        body: { data: Array.from({ length: 6 }, (_, i) => publication(i + 1)), total: 30, page: 1, per_page: 5 },
      };
    return undefined;
  });
}

const card = (name: string) => screen.getByRole('region', { name });

describe('dashboard cards', () => {
  it('AR: the first 5 jobs and the first 5 invoices to be paid, each with a View all link', async () => {
    signInAs('AR');
    const { calls } = serveDashboard();
    renderWithApp(<DashboardPage />, { path: '/dashboard' });

    const jobLink = await screen.findByRole('link', { name: '100201' });
    expect(jobLink).toHaveAttribute('href', '/job/1');
    expect(calls.find((c) => c.url.startsWith('/api/jobs'))?.url).toBe('/api/jobs?role=AR&per_page=5');
    const jobs = within(card('Jobs'));
    expect(jobs.getAllByRole('row')).toHaveLength(1 + 5);
    expect(jobs.queryByText('100206')).not.toBeInTheDocument();
    const firstJob = jobLink.closest('tr')!;
    expect(firstJob).toHaveTextContent('Site 1');
    expect(firstJob).toHaveTextContent('01/02/2026');
    expect(within(firstJob).getByText('In progress')).toBeInTheDocument();
    expect(jobs.getByRole('link', { name: 'View all jobs' })).toHaveAttribute('href', '/jobs');

    const invoices = within(card('Invoices to be paid'));
    expect(await invoices.findByText('INV-50001')).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/invoices'))?.url).toBe(
      '/api/invoices?current_role=AR&page=1&per_page=5',
    );
    expect(invoices.getAllByRole('row')).toHaveLength(1 + 5);
    expect(invoices.queryByText('INV-50006')).not.toBeInTheDocument();
    expect(invoices.getByText('INV-50001').closest('tr')).toHaveTextContent('$1,250.00');
    expect(invoices.getByText('INV-50002').closest('tr')).toHaveTextContent('-$150.00');
    expect(invoices.getByRole('link', { name: 'View all invoices' })).toHaveAttribute('href', '/invoices');
    // Recent Publications: the first 5, each a link to its page.
    const publications = within(card('Recent Publications'));
    expect(await publications.findByRole('link', { name: 'Publication 1' })).toHaveAttribute('href', '/publications/1');
    expect(calls.find((c) => c.url.startsWith('/api/publications'))?.url).toBe('/api/publications?page=1&per_page=5');
    expect(publications.getAllByRole('row')).toHaveLength(1 + 5);
    expect(publications.queryByText('Publication 6')).not.toBeInTheDocument();
    expect(publications.getByRole('link', { name: 'View all publications' })).toHaveAttribute('href', '/publications');
  });

  it.each<[Role, string]>([
    ['TA', 'TA'],
    // The view role as it is: the server answers an LA view with the assessors' side.
    ['LA', 'LA'],
  ])('%s: the jobs card asks for the assessors\u2019 jobs (role=%s); no invoices card', async (role, asked) => {
    signInAs(role);
    const { calls } = serveDashboard();
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    await within(await screen.findByRole('region', { name: 'Jobs' })).findByRole('link', { name: '100201' });
    expect(calls.find((c) => c.url.startsWith('/api/jobs'))?.url).toBe(`/api/jobs?role=${asked}&per_page=5`);
    expect(screen.queryByRole('region', { name: 'Invoices to be paid' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/invoices'))).toBe(false);
  });

  it('CM: neither jobs nor invoices', async () => {
    signInAs('CM', 't', 1);
    const { calls } = serveDashboard();
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByRole('region', { name: 'Upcoming meetings' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Jobs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invoices to be paid' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/jobs') || c.url.startsWith('/api/invoices'))).toBe(false);
  });

  it('says so when an AR has no jobs and no invoices to be paid', async () => {
    signInAs('AR');
    mockFetch((url) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/api/notifications') return { body: { data: [], unread: 0, total: 0 } };
      if (u.pathname === '/api/jobs') return { body: { data: [], total: 0, page: 1, per_page: 5 } };
      if (u.pathname === '/api/invoices')
        return { body: { outstanding: [], paid: [], total: { outstanding: 0, paid: 0 }, page: 1, per_page: 5 } };
      return undefined;
    });
    renderWithApp(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('You have no jobs yet.')).toBeInTheDocument();
    expect(await screen.findByText('There are no invoices to be paid.')).toBeInTheDocument();
  });
});
