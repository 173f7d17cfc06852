import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type DocumentGroups, type JobDetail } from '@portal/shared';
import { mockFetch } from '../../test/render';
import { ASSESSOR_ABILITIES, doc, jobDetail, renderRoute, signInAs } from '../../components/documents/test-fixtures';
import JobPage from './job-page';

function groups(
  received = [doc(2), doc(1)],
  submitted = [doc(3, { user: { first_name: 'Lee', last_name: 'Lead' } })],
): DocumentGroups {
  return {
    received,
    submitted,
    total: { received: received.length, submitted: submitted.length },
    page: 1,
    per_page: 100,
  };
}

function serve(
  job: JobDetail | null,
  docs: DocumentGroups = groups(),
  extra?: (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined,
) {
  return mockFetch((url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/jobs/5?'))
      return job ? { body: job } : { status: 404, body: { message: MESSAGES.notFound } };
    if (url.startsWith('/api/jobdocuments?')) return { body: docs };
    return undefined;
  });
}

function headers(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '')
    .filter(Boolean);
}

describe('job page', () => {
  it('shows the job number, its badge, the stage and the three cards', async () => {
    signInAs('AR');
    const { calls } = serve(jobDetail(5));
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    expect(await screen.findByRole('heading', { name: 'Job 100205', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText('In progress')[0]?.closest('[data-variant="filled"]')).not.toBeNull();
    const stages = screen.getByRole('region', { name: 'Job stage' });
    expect(within(stages).getByText('Stage 3 of 5: Assessment')).toBeInTheDocument();
    expect(stages.querySelector('[aria-current="step"]')).toHaveAttribute('data-stage', 'Assessment');
    for (const card of ['Job Details', 'Site Details', 'Lead Assessor'])
      expect(screen.getByRole('region', { name: card })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Lead Assessor' })).getByText('Lee Lead')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Received Job Documents' });
    expect(calls.map((c) => c.url)).toContain('/api/jobdocuments?jobid=5&role=AR');
  });

  it('AR: no Reviewed or Review Comment columns; the Description column on both tabs', async () => {
    signInAs('AR');
    serve(jobDetail(5));
    const user = userEvent.setup();
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    const received = await screen.findByRole('table', { name: 'Received Job Documents' });
    expect(headers(received)).toEqual(['Document Name', 'Description', 'Date Uploaded', 'Uploaded By']);
    await user.click(screen.getByRole('tab', { name: 'Submitted Job Documents' }));
    const submitted = await screen.findByRole('table', { name: 'Submitted Job Documents' });
    expect(headers(submitted)).toEqual(['Document Name', 'Description', 'Date Uploaded', 'Uploaded By']);
    expect(within(submitted).getByText('Lee Lead')).toBeInTheDocument();
  });

  it('TA: no Description on received documents, with Reviewed and Review Comment', async () => {
    signInAs('TA');
    const { calls } = serve(
      jobDetail(5, { abilities: ASSESSOR_ABILITIES, sides: ['assessor'] }),
      groups([doc(1, { reviewed_comment: 'Looks complete.', reviewed_date: '2026-02-10T01:00:00.000Z' }), doc(2)]),
    );
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    const received = await screen.findByRole('table', { name: 'Received Job Documents' });
    expect(headers(received)).toEqual(['Document Name', 'Date Uploaded', 'Uploaded By', 'Reviewed', 'Review Comment']);
    expect(within(received).getByText('Looks complete.')).toBeInTheDocument();
    expect(within(received).getByRole('checkbox', { name: 'Reviewed Document 1.pdf' })).toBeChecked();
    expect(within(received).getByRole('checkbox', { name: 'Review Document 2.pdf' })).not.toBeChecked();
    expect(calls.map((c) => c.url)).toContain('/api/jobdocuments?jobid=5&role=TA');
  });

  it('sorts documents by date uploaded, oldest first, and flips on the header', async () => {
    signInAs('AR');
    serve(jobDetail(5), groups([doc(3), doc(1), doc(2)]));
    const user = userEvent.setup();
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    const table = await screen.findByRole('table', { name: 'Received Job Documents' });
    const names = () =>
      within(table)
        .getAllByRole('button', { name: /^Document \d\.pdf$/ })
        .map((b) => b.textContent);
    expect(names()).toEqual(['Document 1.pdf', 'Document 2.pdf', 'Document 3.pdf']);
    await user.click(within(table).getByRole('button', { name: 'Date Uploaded' }));
    expect(names()).toEqual(['Document 3.pdf', 'Document 2.pdf', 'Document 1.pdf']);
  });

  it('review: Finish only after a comment; Cancel unticks; Finish saves and shows the comment', async () => {
    signInAs('TA');
    let reviewed = false;
    const { calls } = mockFetch((url, init) => {
      if (url.startsWith('/api/jobs/5?'))
        return { body: jobDetail(5, { abilities: ASSESSOR_ABILITIES, sides: ['assessor'] }) };
      if (url === '/api/jobdocuments/2' && init.method === 'PUT') {
        reviewed = true;
        return { body: { message: MESSAGES.actionSuccessful, document: doc(2) } };
      }
      if (url.startsWith('/api/jobdocuments?'))
        return {
          body: groups(
            [doc(2, reviewed ? { reviewed_comment: 'All good.', reviewed_date: '2026-02-20T00:00:00.000Z' } : {})],
            [],
          ),
        };
      return undefined;
    });
    const user = userEvent.setup();
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    const box = await screen.findByRole('checkbox', { name: 'Review Document 2.pdf' });

    await user.click(box);
    let dialog = await screen.findByRole('dialog', { name: 'Document Review' });
    expect(box).toBeChecked();
    expect(within(dialog).getByPlaceholderText('Please add your comments here*')).toBeInTheDocument();
    // Finish appears only once a comment is typed (spec/01 section 4).
    expect(within(dialog).queryByRole('button', { name: 'Finish' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Review comment'), '   ');
    expect(within(dialog).queryByRole('button', { name: 'Finish' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Document Review' })).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Review Document 2.pdf' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Review Document 2.pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'Document Review' });
    expect(within(dialog).getByLabelText('Review comment')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Review comment'), 'All good.');
    expect(within(dialog).getByRole('button', { name: 'Finish' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Action successful!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/jobdocuments/2',
      body: { reviewed_comment: 'All good.' },
    });
    expect(await screen.findByText('All good.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Reviewed Document 2.pdf' })).toBeChecked();
  });

  it('a review comment over 255 characters keeps Finish disabled with the message', async () => {
    signInAs('TA');
    serve(jobDetail(5, { abilities: ASSESSOR_ABILITIES, sides: ['assessor'] }), groups([doc(2)], []));
    const user = userEvent.setup();
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    await user.click(await screen.findByRole('checkbox', { name: 'Review Document 2.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Document Review' });
    await user.click(within(dialog).getByLabelText('Review comment'));
    await user.paste('y'.repeat(256));
    expect(within(dialog).getByText(MESSAGES.reviewCommentMax)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Finish' })).toBeDisabled();
  });

  it('no review box where the job cannot be reviewed', async () => {
    signInAs('TA');
    serve(
      jobDetail(5, { abilities: { ...ASSESSOR_ABILITIES, 'jobs.document.review': false }, sides: ['assessor'] }),
      groups([doc(2)], []),
    );
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    const table = await screen.findByRole('table', { name: 'Received Job Documents' });
    expect(within(table).queryByRole('checkbox', { name: 'Review Document 2.pdf' })).not.toBeInTheDocument();
  });

  it("bulk 'Download' follows a signed link to one zip of the selected documents", async () => {
    signInAs('AR', 'tok-1');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = serve(jobDetail(5), groups([doc(1), doc(2), doc(4)]), (url, init) =>
      url === '/api/downloads' ? { body: { url: `${JSON.parse(String(init.body)).path}&dl=ticket` } } : undefined,
    );
    const user = userEvent.setup();
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    await screen.findByRole('table', { name: 'Received Job Documents' });
    const download = screen.getByRole('button', { name: 'Download' });
    expect(download).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Document 1.pdf' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Document 4.pdf' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(download);
    await waitFor(() => expect(click).toHaveBeenCalled());
    // The app asks for a signed link with its token, and the browser follows it (streaming to disk).
    const link = calls.find((c) => c.url === '/api/downloads');
    expect(link?.body).toEqual({ path: '/api/jobdocuments/bulk?ids[]=1&ids[]=4' });
    expect(link?.headers.Authorization).toBe('Bearer tok-1');
    expect((click.mock.contexts[0] as HTMLAnchorElement).getAttribute('href')).toBe(
      '/api/jobdocuments/bulk?ids[]=1&ids[]=4&dl=ticket',
    );
  });

  it('a document name downloads that document', async () => {
    signInAs('AR');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = serve(jobDetail(5), groups([doc(1)], []), (url) =>
      url === '/api/downloads' ? { body: { url: '/api/jobdocuments/1?dl=ticket' } } : undefined,
    );
    const user = userEvent.setup();
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    await user.click(await screen.findByRole('button', { name: 'Document 1.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/downloads')?.body).toEqual({ path: '/api/jobdocuments/1' });
    expect((click.mock.contexts[0] as HTMLAnchorElement).getAttribute('href')).toBe('/api/jobdocuments/1?dl=ticket');
  });

  it('says when a group holds more documents than the first page', async () => {
    signInAs('AR');
    serve(jobDetail(5), { ...groups([doc(1), doc(2)], []), total: { received: 150, submitted: 0 } });
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    expect(await screen.findByText('The first 2 of 150 documents, oldest first.')).toBeInTheDocument();
  });

  it('a job the user may not see shows a not-found state', async () => {
    signInAs('TA');
    serve(null);
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    expect(await screen.findByRole('heading', { name: 'Job not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to jobs' })).toHaveAttribute('href', '/jobs');
  });

  it('a path that is not an id is not found without a call', async () => {
    signInAs('TA');
    const { calls } = serve(null);
    await renderRoute(<JobPage />, '/job/:id', '/job/abc');
    expect(await screen.findByRole('heading', { name: 'Job not found' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('a failure to load the documents clears the job details and shows the error', async () => {
    signInAs('AR');
    mockFetch((url) => {
      if (url.startsWith('/api/jobs/5?')) return { body: jobDetail(5) };
      if (url.startsWith('/api/jobdocuments?')) return { status: 403, body: { message: MESSAGES.roleNotHeld } };
      return undefined;
    });
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    expect(await screen.findByText('The documents of this job could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Job Details' })).not.toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.roleNotHeld).length).toBeGreaterThan(0);
  });

  it('opens the Upload Document modal', async () => {
    signInAs('AR');
    serve(jobDetail(5));
    const user = userEvent.setup();
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    await screen.findByRole('table', { name: 'Received Job Documents' });
    await user.click(screen.getByRole('button', { name: 'Upload Document' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Document' })).toBeInTheDocument();
  });

  it('asks for the job in the current role, and shows Upload and the site link from the abilities the server answers', async () => {
    signInAs('TA');
    const { calls } = serve(
      jobDetail(5, { sides: ['assessor'], abilities: { ...ASSESSOR_ABILITIES, 'jobs.document.upload': false } }),
    );
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    await screen.findByRole('table', { name: 'Received Job Documents' });
    expect(calls.map((c) => c.url)).toContain('/api/jobs/5?role=TA');
    expect(screen.queryByRole('button', { name: 'Upload Document' })).not.toBeInTheDocument();
    const siteCard = screen.getByRole('region', { name: 'Site Details' });
    expect(within(siteCard).queryByRole('link', { name: 'Harbour Labs Sydney' })).not.toBeInTheDocument();
  });

  it('links the site when the server says the user may open it', async () => {
    signInAs('AR');
    serve(jobDetail(5));
    await renderRoute(<JobPage />, '/job/:id', '/job/5');
    const siteCard = await screen.findByRole('region', { name: 'Site Details' });
    expect(within(siteCard).getByRole('link', { name: 'Harbour Labs Sydney' })).toHaveAttribute('href', '/site/7');
  });
});
