import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, SECOND_FACTOR_MESSAGES as M, STORAGE_KEYS } from '@portal/shared';
import { startSession } from '../../lib/session';
import { mockFetch, renderWithApp } from '../../test/render';
import { getPendingLogin, setPendingLogin } from './pending-login';
import TwoFactorPage from './two-factor-page';

function pendingWithApp() {
  startSession('pending', ['AR'], { awaitingSecondFactor: true });
  setPendingLogin({
    tf_type: 'app',
    sent_to: null,
    remind_2fa: false,
    '2fa_setup': { completed: false },
    permissions: ['AR'],
    recovery_codes: true,
  });
}

afterEach(() => setPendingLogin(null));

describe('the second step with an authenticator app', () => {
  it("asks for the app's 6-digit code and signs in with it", async () => {
    pendingWithApp();
    const { calls } = mockFetch((url) =>
      url === '/api/twofactor/app/verify'
        ? { body: { message: MESSAGES.actionSuccessful, token: 'verified' } }
        : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderWithApp(<TwoFactorPage />, { path: '/two-factor' });
    const submit = screen.getByRole('button', { name: 'Submit' });
    await user.type(screen.getByLabelText('Code from the app'), '12a34');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Code from the app'), '56');
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls[0]?.body).toEqual({ code: '123456', remember_me: false });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('verified');
  });

  it("'Send a code by email instead' sends one and shows the 4-digit code form", async () => {
    pendingWithApp();
    const { calls } = mockFetch((url) =>
      url === '/api/twofactor/send2faCodeOnEmail' ? { body: { message: MESSAGES.twoFactorCodeSent } } : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<TwoFactorPage />, { path: '/two-factor' });
    await user.click(screen.getByRole('button', { name: M.sendByEmailInstead }));
    expect(await screen.findByLabelText('Code')).toBeInTheDocument();
    expect(screen.getByText(/by email/)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/twofactor/send2faCodeOnEmail']);
  });

  it("offers no 'Send a code by email instead' when the body's policy turns codes off", async () => {
    pendingWithApp();
    setPendingLogin({ ...getPendingLogin()!, code_fallback: false });
    mockFetch(() => undefined);
    renderWithApp(<TwoFactorPage />, { path: '/two-factor' });
    expect(await screen.findByLabelText('Code from the app')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.sendByEmailInstead })).toBeNull();
    expect(screen.getByRole('button', { name: M.useRecoveryCode })).toBeInTheDocument();
  });

  it('a recovery code instead; a wrong one says the spec message', async () => {
    pendingWithApp();
    mockFetch((url) =>
      url === '/api/twofactor/recovery/verify'
        ? { status: 422, body: { message: MESSAGES.twoFactorInvalid } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<TwoFactorPage />, { path: '/two-factor' });
    await user.click(screen.getByRole('button', { name: M.useRecoveryCode }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.twoFactorInvalid)).toBeInTheDocument();
  });
});
