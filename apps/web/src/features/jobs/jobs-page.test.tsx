import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithApp } from '../../test/render';
import { jobSummary, renderRoute, signInAs } from '../../components/documents/test-fixtures';
import JobsPage from './jobs-page';

function serveJobs(total = 3) {
  return mockFetch((url) => {
    if (!url.startsWith('/api/jobs?')) return undefined;
    const page = Number(new URL(url, 'http://x').searchParams.get('page'));
    const count = Math.max(0, Math.min(10, total - (page - 1) * 10));
    const data = Array.from({ length: count }, (_, i) =>
      jobSummary((page - 1) * 10 + i + 1, i === 1 ? { status: 1, status_label: 'Planned', type: 'Other' } : {}),
    );
    return { body: { data, total, page, per_page: 10 } };
  });
}

const queryOf = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);

describe('jobs page', () => {
  it('AR: asks for role=AR, 10 a page; rows link to the job and the site, dates d/m/y, status badges', async () => {
    signInAs('AR');
    const { calls } = serveJobs();
    renderWithApp(<JobsPage />, { path: '/jobs' });
    const table = await screen.findByRole('table', { name: 'Jobs of your sites' });
    await within(table).findByRole('link', { name: '100201' });
    expect(queryOf(calls[0]?.url)).toEqual({ role: 'AR', page: '1', per_page: '10' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Job Number', 'Type', 'Visit Date', 'Site', 'Suburb', 'State', 'Status']);
    expect(within(table).getByRole('link', { name: '100201' })).toHaveAttribute('href', '/job/1');
    expect(within(table).getAllByRole('link', { name: 'Harbour Labs Sydney' })[0]).toHaveAttribute('href', '/site/7');
    expect(within(table).getAllByText('05/03/2026')).toHaveLength(3);
    expect(within(table).getAllByText('In progress')[0]?.closest('[data-variant="filled"]')).not.toBeNull();
    expect(within(table).getByText('Planned').closest('[data-variant="light"]')).not.toBeNull();
  });

  it('TA: asks for role=TA and shows sites without links (the site page is for ARs)', async () => {
    signInAs('TA');
    const { calls } = serveJobs();
    renderWithApp(<JobsPage />, { path: '/jobs' });
    const table = await screen.findByRole('table', { name: 'Your assigned jobs' });
    await within(table).findByRole('link', { name: '100201' });
    expect(queryOf(calls[0]?.url).role).toBe('TA');
    expect(within(table).queryByRole('link', { name: 'Harbour Labs Sydney' })).not.toBeInTheDocument();
    expect(within(table).getAllByText('Harbour Labs Sydney')).toHaveLength(3);
  });

  it("LA: the assessors' table, asked with the view role LA (the server answers the assessors' side)", async () => {
    signInAs('LA');
    const { calls } = serveJobs();
    renderWithApp(<JobsPage />, { path: '/jobs' });
    await screen.findByRole('table', { name: 'Your assigned jobs' });
    await waitFor(() => expect(queryOf(calls[0]?.url).role).toBe('LA'));
  });

  it('the job type filter sends type=RES or type=Other and goes back to page 1', async () => {
    signInAs('AR');
    const { calls } = serveJobs(25);
    const user = userEvent.setup();
    renderWithApp(<JobsPage />, { path: '/jobs' });
    await screen.findByRole('link', { name: '100201' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queryOf(calls.at(-1)?.url).page).toBe('2'));

    await user.click(screen.getByRole('combobox', { name: 'Job type' }));
    await user.click(await screen.findByRole('option', { name: 'RES', hidden: true }));
    await waitFor(() =>
      expect(queryOf(calls.at(-1)?.url)).toEqual({ role: 'AR', type: 'RES', page: '1', per_page: '10' }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Job type' }));
    await user.click(await screen.findByRole('option', { name: 'Other', hidden: true }));
    await waitFor(() => expect(queryOf(calls.at(-1)?.url).type).toBe('Other'));
  });

  it('the date filter takes d/m/y and sends visit_date=YYYY-MM-DD', async () => {
    signInAs('TA');
    const { calls } = serveJobs();
    const user = userEvent.setup();
    renderWithApp(<JobsPage />, { path: '/jobs' });
    await screen.findByRole('link', { name: '100201' });
    const date = screen.getByRole('textbox', { name: 'Visit date' });
    await user.type(date, '5/3/2026');
    await user.tab();
    await waitFor(() =>
      expect(queryOf(calls.at(-1)?.url)).toEqual({ role: 'TA', visit_date: '2026-03-05', page: '1', per_page: '10' }),
    );
    expect(date).toHaveValue('05/03/2026');
    expect(calls.filter((c) => queryOf(c.url).visit_date && queryOf(c.url).visit_date !== '2026-03-05')).toHaveLength(
      0,
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queryOf(calls.at(-1)?.url)).toEqual({ role: 'TA', page: '1', per_page: '10' }));
  });

  it('says when no job matches', async () => {
    signInAs('AR');
    serveJobs(0);
    await renderRoute(<JobsPage />, '/jobs', '/jobs?type=Other');
    expect(await screen.findByText('No jobs match these filters.')).toBeInTheDocument();
  });
});
