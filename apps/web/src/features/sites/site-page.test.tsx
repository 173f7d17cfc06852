import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, RECORD_MESSAGES, type DocumentGroups } from '@portal/shared';
import { mockFetch } from '../../test/render';
import { doc, FakeXhr, jobSummary, renderRoute, signInAs, site } from '../../components/documents/test-fixtures';
import SitePage from './site-page';

const siteDocs: DocumentGroups = {
  received: [doc(1, { name: 'Accreditation certificate.pdf', user: null })],
  submitted: [doc(2, { name: 'Site floor plan.txt' })],
  total: { received: 1, submitted: 1 },
  page: 1,
  per_page: 100,
};

function serveSite(extra?: (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined) {
  return mockFetch((url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url === '/api/sites/7') return { body: site(7) };
    if (url.startsWith('/api/jobs?')) {
      const status = new URL(url, 'http://x').searchParams.get('status');
      const jobs =
        status === '1'
          ? [jobSummary(2, { status: 1, status_label: 'Planned' })]
          : [jobSummary(1), jobSummary(2, { status: 1, status_label: 'Planned' })];
      return { body: { data: jobs, total: jobs.length, page: 1, per_page: 10 } };
    }
    if (url.startsWith('/api/sitedocuments?')) return { body: siteDocs };
    return undefined;
  });
}

const queryOf = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);
const openSite = () => renderRoute(<SitePage />, '/site/:id', '/site/7');

describe('site page', () => {
  it('shows the Site Details, Contact Details and Accreditation Specialist cards', async () => {
    signInAs('AR');
    serveSite();
    await openSite();
    expect(await screen.findByRole('heading', { name: 'Harbour Labs Sydney', level: 1 })).toBeInTheDocument();
    for (const card of ['Site Details', 'Contact Details', 'Accreditation Specialist'])
      expect(screen.getByRole('region', { name: card })).toBeInTheDocument();
    const specialist = screen.getByRole('region', { name: 'Accreditation Specialist' });
    expect(within(specialist).getByText('Casey Coordinator')).toBeInTheDocument();
    expect(within(specialist).getByRole('link', { name: 'casey@body.test' })).toHaveAttribute(
      'href',
      'mailto:casey@body.test',
    );
  });

  it("lists the site's jobs with role=AR and site_id, and filters by status", async () => {
    signInAs('AR');
    const { calls } = serveSite();
    const user = userEvent.setup();
    await openSite();
    const table = await screen.findByRole('table', { name: 'Jobs of Harbour Labs Sydney' });
    await within(table).findByRole('link', { name: '100201' });
    const jobCalls = () => calls.filter((c) => c.url.startsWith('/api/jobs?'));
    expect(queryOf(jobCalls()[0]?.url)).toEqual({ role: 'AR', site_id: '7', page: '1', per_page: '10' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['In progress', 'Planned', 'Complete', 'Cancel']);
    await user.click(screen.getByRole('option', { name: 'Planned', hidden: true }));
    await waitFor(() =>
      expect(queryOf(jobCalls().at(-1)?.url)).toEqual({
        role: 'AR',
        site_id: '7',
        status: '1',
        page: '1',
        per_page: '10',
      }),
    );
    await waitFor(() => expect(within(table).queryByRole('link', { name: '100201' })).not.toBeInTheDocument());
    expect(within(table).getByRole('link', { name: '100202' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(queryOf(jobCalls().at(-1)?.url).status).toBe('4'));
  });

  it('has the Received and Submitted Site Documents tabs; documents the body sent name it', async () => {
    signInAs('AR');
    const { calls } = serveSite();
    const user = userEvent.setup();
    await openSite();
    const received = await screen.findByRole('table', { name: 'Received Site Documents' });
    expect(calls.map((c) => c.url)).toContain('/api/sitedocuments?siteid=7');
    expect(within(received).getByText('The Accreditation Body')).toBeInTheDocument();
    expect(
      within(received)
        .getAllByRole('columnheader')
        .map((th) => th.textContent)
        .filter(Boolean),
    ).toEqual(['Document Name', 'Description', 'Date Uploaded', 'Uploaded By']);
    await user.click(screen.getByRole('tab', { name: 'Submitted Site Documents' }));
    expect(await screen.findByRole('button', { name: 'Site floor plan.txt' })).toBeInTheDocument();
  });

  it('bulk download of site documents asks /sitedocuments/bulk?ids[]=', async () => {
    signInAs('AR');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = serveSite((url) =>
      url === '/api/downloads' ? { body: { url: '/api/sitedocuments/bulk?ids[]=1&dl=ticket' } } : undefined,
    );
    const user = userEvent.setup();
    await openSite();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all documents' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/downloads')?.body).toEqual({ path: '/api/sitedocuments/bulk?ids[]=1' });
  });

  it('has no Edit or Upload button when the server says the user may not (abilities)', async () => {
    signInAs('AR');
    serveSite((url) =>
      url === '/api/sites/7'
        ? {
            body: site(7, {
              abilities: {
                'sites.site.update': false,
                'sites.document.upload': false,
                'sites.document.download': true,
              },
            }),
          }
        : undefined,
    );
    await openSite();
    await screen.findByRole('table', { name: 'Received Site Documents' });
    expect(screen.queryByRole('button', { name: 'Edit contact details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Document' })).not.toBeInTheDocument();
  });

  it('uploads a site document with siteId and description before the file', async () => {
    signInAs('AR');
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    serveSite();
    const user = userEvent.setup();
    await openSite();
    await screen.findByRole('table', { name: 'Received Site Documents' });
    await user.click(screen.getByRole('button', { name: 'Upload Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Document' });
    await user.upload(
      within(dialog).getByLabelText('Choose a file to upload'),
      new File(['x'], 'Plan.pdf', { type: 'application/pdf' }),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Yes' }));
    await user.type(within(dialog).getByLabelText('Description'), 'Floor plan, level 2');
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/sitedocuments');
    expect(xhr.fieldOrder()).toEqual(['siteId', 'description', 'file']);
    expect(xhr.body?.get('siteId')).toBe('7');
    act(() => xhr.respond(200, { message: MESSAGES.fileUploaded, document: doc(3) }));
    expect(await screen.findByText(MESSAGES.fileUploaded)).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Submitted Site Documents', selected: true })).toBeInTheDocument();
  });

  it("edits the contact details: the server's field errors under the fields, then 'Action successful!'", async () => {
    signInAs('AR');
    let fail = true;
    const { calls } = serveSite((url, init) => {
      if (url !== '/api/sites/7' || init.method !== 'PUT') return undefined;
      if (fail)
        return { status: 400, body: { message: 'Phone is too long.', errors: { phone: ['Phone is too long.'] } } };
      return { body: { message: MESSAGES.actionSuccessful, site: site(7, { phone: '02 9111 1111' }) } };
    });
    const user = userEvent.setup();
    await openSite();
    await user.click(await screen.findByRole('button', { name: 'Update Contact Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Contact Details' });
    const email = () => within(dialog).getByLabelText(/^Email/);
    const phone = () => within(dialog).getByLabelText(/^Phone/);
    expect(email()).toHaveValue('s041201@sites.test');

    await user.clear(email());
    await user.type(email(), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Please enter a valid email address.')).toBeInTheDocument();

    await user.clear(email());
    await user.type(email(), 'lab@sites.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(phone()).toHaveAccessibleDescription('Phone is too long.'));
    // One feedback: the message is under the field, not in a notice as well.
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      email: 'lab@sites.test',
      phone: '02 9000 0000',
      state: 'NSW',
    });

    fail = false;
    await user.clear(phone());
    await user.type(phone(), '02 9111 1111');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Action successful!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Update Contact Details' })).not.toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('region', { name: 'Contact Details' })).getByText('02 9111 1111'),
    ).toBeInTheDocument();
  });

  it('refuses to save an empty email or a phone like abc!! (issue 9)', async () => {
    signInAs('AR');
    const { calls } = serveSite(() => undefined);
    const user = userEvent.setup();
    await openSite();
    await user.click(await screen.findByRole('button', { name: 'Update Contact Details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Contact Details' }));
    await user.clear(dialog.getByLabelText(/^Email/));
    await user.clear(dialog.getByLabelText(/^Phone/));
    await user.type(dialog.getByLabelText(/^Phone/), 'abc!!');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByLabelText(/^Email/)).toHaveAccessibleDescription(RECORD_MESSAGES.required('email'));
    expect(dialog.getByLabelText(/^Phone/)).toHaveAccessibleDescription(RECORD_MESSAGES.phoneInvalid);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('a site the AR does not represent shows a not-found state', async () => {
    signInAs('AR');
    mockFetch(() => ({ status: 404, body: { message: MESSAGES.notFound } }));
    await openSite();
    expect(await screen.findByRole('heading', { name: 'Site not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to facilities' })).toHaveAttribute('href', '/facilities');
  });
});
