import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_MESSAGES as M } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import ProfilePage from './profile-page';
import { assessorProfile } from './test-fixtures';

function stubTab() {
  const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  return { tab, open };
}

afterEach(() => vi.restoreAllMocks());

describe('profile of a technical assessor', () => {
  it('shows the personal, competency, email, phone and address cards, each value once', async () => {
    signInAs('TA');
    mockFetch((url) => (url === '/api/profile' ? { body: assessorProfile() } : undefined));
    renderWithApp(<ProfilePage />, { path: '/profile' });
    for (const name of [
      'Personal Details',
      'Competency',
      'Email Details',
      'Phone Details',
      'Address Details',
      'Change Password',
    ]) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Personal Details' })).toHaveTextContent('TA-1001');
    expect(screen.getByRole('region', { name: 'Phone Details' })).toHaveTextContent('+61 412000111');
    // The flat email, phone and address are copies of the primary rows: not shown a second time.
    expect(screen.queryByRole('region', { name: 'Address' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Personal Details' })).not.toHaveTextContent('Phone');
    expect(screen.getAllByText('ta@portal.test')).toHaveLength(1);
    expect(screen.getAllByText(/4 Elm Street/)).toHaveLength(1);
    expect(screen.queryByText('Change waiting for approval')).not.toBeInTheDocument();
  });

  it('Mark Profile up to date waits until View Competencies has opened the PDF, then says it is done', async () => {
    signInAs('TA');
    const { tab } = stubTab();
    let viewed = false;
    const { calls } = mockFetch((url) => {
      if (url === '/api/profile')
        return { body: assessorProfile({ user_info: { ...assessorProfile().user_info, competency_viewed: viewed } }) };
      if (url === '/api/activeuser/competencypdf') {
        viewed = true;
        return { body: { data: { data: '/api/competencies/7?dl=ticket' } } };
      }
      if (url === '/api/activeuser/markprofileuptodate') return { body: { data: true, message: M.markedUpToDate } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<ProfilePage />, { path: '/profile' });
    const card = await screen.findByRole('region', { name: 'Competency' });
    const mark = within(card).getByRole('button', { name: 'Mark Profile up to date' });
    expect(mark).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: 'View Competencies' }));
    await waitFor(() => expect(tab.location.href).toBe('/api/competencies/7?dl=ticket'));
    await waitFor(() => expect(mark).toBeEnabled());
    await user.click(mark);
    expect(await screen.findByText(M.markedUpToDate)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/activeuser/markprofileuptodate')).toBe(true);
  });

  it("is enabled at once when the server recorded an earlier viewing; a failure says the spec's message", async () => {
    signInAs('TA');
    mockFetch((url) => {
      if (url === '/api/profile')
        return {
          body: assessorProfile({
            user_info: {
              ...assessorProfile().user_info,
              competency_viewed: true,
              reviewed_at: '2026-11-01T00:00:00.000Z',
            },
          }),
        };
      if (url === '/api/activeuser/markprofileuptodate') return { status: 400, body: { message: 'Something else' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<ProfilePage />, { path: '/profile' });
    const card = await screen.findByRole('region', { name: 'Competency' });
    expect(card).toHaveTextContent('Last marked up to date: 01/11/2026');
    await user.click(within(card).getByRole('button', { name: 'Mark Profile up to date' }));
    expect(await screen.findByText(M.markUpToDateFailed)).toBeInTheDocument();
  });

  it('without a competency PDF, View Competencies says it is not available and Mark stays disabled', async () => {
    signInAs('TA');
    const { tab } = stubTab();
    mockFetch((url) => {
      if (url === '/api/profile')
        return { body: assessorProfile({ user_info: { ...assessorProfile().user_info, competency_pdf: false } }) };
      if (url === '/api/activeuser/competencypdf') return { status: 404, body: { message: M.competencyMissing } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<ProfilePage />, { path: '/profile' });
    const card = await screen.findByRole('region', { name: 'Competency' });
    await user.click(within(card).getByRole('button', { name: 'View Competencies' }));
    expect(await screen.findByText(M.competencyMissing)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(within(card).getByRole('button', { name: 'Mark Profile up to date' })).toBeDisabled();
  });

  it('says a change request is waiting for approval', async () => {
    signInAs('TA');
    mockFetch((url) =>
      url === '/api/profile'
        ? { body: assessorProfile({ pending_request: { id: 9, created_at: '2026-11-20T01:00:00.000Z' } }) }
        : undefined,
    );
    renderWithApp(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByText('Change waiting for approval')).toBeInTheDocument();
    expect(screen.getByText(/Your profile change of 20\/11\/2026 is waiting for an administrator/)).toBeInTheDocument();
  });

  it('a committee member has no competency card', async () => {
    signInAs('CM');
    mockFetch((url) =>
      url === '/api/profile'
        ? {
            body: assessorProfile({
              roles: ['CM'],
              assessor: false,
              abilities: {
                'profile.competency.view': false,
                'profile.competency.review': false,
                'profile.competency.suggest': false,
              },
            }),
          }
        : undefined,
    );
    renderWithApp(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByRole('region', { name: 'Personal Details' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Competency' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Profile up to date' })).not.toBeInTheDocument();
  });
});
