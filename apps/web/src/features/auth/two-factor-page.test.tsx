import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, STORAGE_KEYS } from '@portal/shared';
import { startSession } from '../../lib/session';
import { mockFetch, renderWithApp } from '../../test/render';
import { setPendingLogin } from './pending-login';
import TwoFactorPage from './two-factor-page';

function pendingSignIn(remind = true) {
  startSession('pending', ['AR'], { awaitingSecondFactor: true });
  setPendingLogin({
    tf_type: 'email',
    sent_to: 'a***@portal.test',
    remind_2fa: remind,
    '2fa_setup': { completed: false },
    permissions: ['AR'],
  });
}

afterEach(() => setPendingLogin(null));

describe('two-factor screen', () => {
  it('says where the code went and enables Submit only at 4 digits', async () => {
    pendingSignIn();
    const user = userEvent.setup();
    renderWithApp(<TwoFactorPage />, { path: '/two-factor' });
    expect(screen.getByText('a***@portal.test')).toBeInTheDocument();
    expect(screen.getByText(/by email/)).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Code'), '12a3');
    expect(screen.getByLabelText('Code')).toHaveValue('123');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Code'), '45');
    expect(screen.getByLabelText('Code')).toHaveValue('1234');
    expect(submit).toBeEnabled();
  });

  it("shows the server's 'Invalid token. Try again!'", async () => {
    pendingSignIn();
    mockFetch((url) =>
      url === '/api/twofactor/verify' ? { status: 422, body: { message: MESSAGES.twoFactorInvalid } } : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<TwoFactorPage />, { path: '/two-factor' });
    await user.type(screen.getByLabelText('Code'), '0000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.twoFactorInvalid)).toBeInTheDocument();
  });

  it('sends remember_me and stores the new token, then lands on the dashboard', async () => {
    pendingSignIn();
    const { calls } = mockFetch((url) =>
      url === '/api/twofactor/verify' ? { body: { message: MESSAGES.actionSuccessful, token: 'verified' } } : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderWithApp(<TwoFactorPage />, { path: '/two-factor' });
    await user.click(screen.getByLabelText('Remember this device for 15 days'));
    await user.type(screen.getByLabelText('Code'), '4321');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls[0]?.body).toEqual({ code: '4321', remember_me: true });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('verified');
  });

  it('offers the SMS reminder; Do not remind me calls manageRemind with false', async () => {
    pendingSignIn();
    const { calls } = mockFetch((url) =>
      url === '/api/twofactor/manageRemind' ? { body: { message: MESSAGES.actionSuccessful } } : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<TwoFactorPage />, { path: '/two-factor' });
    expect(screen.getByRole('button', { name: 'Set up SMS verification now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remind me later' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Do not remind me' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Do not remind me' })).not.toBeInTheDocument());
    expect(calls[0]?.body).toEqual({ remind_me: false });
  });

  it('has no reminder when the flag is off, and Back to Login forgets the sign-in', async () => {
    pendingSignIn(false);
    mockFetch(() => ({ body: { message: 'ok' } }));
    const user = userEvent.setup();
    const { router } = renderWithApp(<TwoFactorPage />, { path: '/two-factor' });
    expect(screen.queryByRole('button', { name: 'Remind me later' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
