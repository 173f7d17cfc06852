import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { REGISTRATION_MESSAGES as M, type UserRequestDetail } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import PendingProfileChangePage from './pending-profile-change-page';

const detail: UserRequestDetail = {
  id: 3,
  type: 'update',
  status: 'pending',
  name: 'Lee Lead',
  email: 'la@portal.test',
  roles: ['LA', 'TA'],
  change_request: 'Position Title, EMAIL DETAILS UPDATED',
  user_id: 5,
  created_at: '2026-11-20T00:00:00.000Z',
  can_decide: true,
  decide_note: null,
  reject_reason: null,
  decided_by: null,
  decided_at: null,
  registration: null,
  changes: [{ key: 'title', label: 'Position Title', from: 'Lead Assessor', to: 'Principal Lead Assessor' }],
  groups: [
    {
      key: 'emails',
      label: 'EMAIL DETAILS UPDATED',
      before: [{ Type: 'Work', email: 'la@portal.test', isPrimary: true }],
      after: [{ Type: 'Work', email: 'lee@new.test', isPrimary: true }],
    },
  ],
  competency: {
    suggestChanges: 'Add ISO 15189',
    document: null,
    orgDoc: null,
    has_pdf: false,
    abilities: { 'admin.competency.view': false, 'admin.competencySuggestion.view': false },
  },
};

function render() {
  signInAs('TA_ADMIN');
  return renderWithApp(<Navigate to="/admin/pending-profile-change/3" replace />, {
    path: '/',
    extraRoutes: [
      { path: '/admin/pending-profile-change/:id', element: <PendingProfileChangePage /> },
      { path: '/admin/outstanding-activities', element: <p>Outstanding</p> },
    ],
  });
}

describe('pending profile change', () => {
  it('opens the competency PDF and the suggested-changes document in a new tab when the server allows it', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const withDocument: UserRequestDetail = {
      ...detail,
      competency: {
        suggestChanges: 'Add ISO 15189',
        document: 'de0000000000000000000001',
        orgDoc: 'Suggested competency changes.pdf',
        has_pdf: true,
        abilities: { 'admin.competency.view': true, 'admin.competencySuggestion.view': true },
      },
    };
    const { calls } = mockFetch((url) => {
      if (url === '/api/admin/ta/competencypdf/5') return { body: { data: { data: '/api/competencies/9?dl=pdf' } } };
      if (url.startsWith('/api/admin/ta/competencysuggested/de0000000000000000000001'))
        return { body: { data: { data: '/api/competency-suggestions/de0000000000000000000001?dl=doc' } } };
      if (url.startsWith('/api/user-requests/3')) return { body: withDocument };
      return undefined;
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Suggested changes document: Suggested competency changes.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Competencies' }));
    await waitFor(() => expect(tab.location.href).toBe('/api/competencies/9?dl=pdf'));
    await user.click(screen.getByRole('button', { name: 'Suggested Changes' }));
    await waitFor(() => expect(tab.location.href).toBe('/api/competency-suggestions/de0000000000000000000001?dl=doc'));
    expect(calls.find((c) => c.url.startsWith('/api/admin/ta/competencysuggested/'))!.url).toContain(
      'current_role=TA_ADMIN',
    );
    expect(open).toHaveBeenCalledTimes(2);
    open.mockRestore();
  }, 60_000);

  it("a refusal of the suggested-changes document shows the server's message and closes the tab", async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    mockFetch((url) => {
      if (url.startsWith('/api/admin/ta/competencysuggested/')) return { status: 404, body: { message: 'Not found.' } };
      if (url.startsWith('/api/user-requests/3'))
        return {
          body: {
            ...detail,
            competency: {
              ...detail.competency!,
              document: 'de0000000000000000000001',
              abilities: { 'admin.competency.view': false, 'admin.competencySuggestion.view': true },
            },
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Suggested Changes' }));
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    open.mockRestore();
  }, 60_000);

  it("approves only the ticked keys, with the spec's modals, and goes to outstanding activities", async () => {
    const { calls } = mockFetch((url, init) => {
      if (url.startsWith('/api/user-requests/3') && init.method === 'PUT')
        return { body: { message: M.profileChangeApproved('Lee Lead') } };
      if (url.startsWith('/api/user-requests/3')) return { body: detail };
      return undefined;
    });
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('region', { name: 'CHANGE REQUEST IN' });
    expect(list).toHaveTextContent('Lead Assessor');
    expect(list).toHaveTextContent('Principal Lead Assessor');
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'View Competencies' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Suggested Changes' })).toBeDisabled();
    await user.click(within(list).getByRole('checkbox', { name: 'Position Title' }));
    await user.click(screen.getByRole('checkbox', { name: 'EMAIL DETAILS UPDATED' }));
    await user.click(approve);
    expect(await screen.findByText("Are you sure you want to approve Lee Lead's profile change?")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Approve' }));
    expect(await screen.findByText(M.profileChangeApproved('Lee Lead'))).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ status: 'approve', type: 'update', data: ['title', 'emails'] });
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(await screen.findByText('Outstanding')).toBeInTheDocument();
  }, 60_000);

  it('rejects with a reason, restated before "Yes, continue"; a failure says \'Something went wrong.\'', async () => {
    const { calls } = mockFetch((url, init) => {
      if (url.startsWith('/api/user-requests/3') && init.method === 'PUT')
        return { status: 500, body: { message: 'boom' } };
      if (url.startsWith('/api/user-requests/3')) return { body: detail };
      return undefined;
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('checkbox', { name: 'COMPETENCY CHANGES SUGGESTED' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(M.rejectReasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for rejecting/ }), 'Not supported by evidence');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(M.continueConfirm)).toBeInTheDocument();
    expect(screen.getByText('Not supported by evidence', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, continue' }));
    expect(await screen.findByText(M.somethingWrong)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      status: 'reject',
      type: 'update',
      data: ['competency'],
      reject_reason: 'Not supported by evidence',
    });
  }, 60_000);

  it("a double click on 'Yes, Approve' sends one decision and ends on 'Got it'", async () => {
    const { calls } = mockFetch((url, init) => {
      if (url.startsWith('/api/user-requests/3') && init.method === 'PUT')
        return { body: { message: M.profileChangeApproved('Lee Lead') } };
      if (url.startsWith('/api/user-requests/3')) return { body: detail };
      return undefined;
    });
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('region', { name: 'CHANGE REQUEST IN' });
    await user.click(within(list).getByRole('checkbox', { name: 'Position Title' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.dblClick(await screen.findByRole('button', { name: 'Yes, Approve' }));
    expect(await screen.findByText(M.profileChangeApproved('Lee Lead'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Got it' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(screen.queryByText(M.somethingWrong)).toBeNull();
  }, 60_000);
});
