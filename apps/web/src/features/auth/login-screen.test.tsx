import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, STORAGE_KEYS } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { LoginScreen } from './login-screen';

const userName = () => screen.getByLabelText(/^User name/);
const password = () => screen.getByLabelText(/^Password/);

function loginAnswer(overrides: Record<string, unknown> = {}) {
  return {
    token: 'pending-token',
    user: {
      id: 3,
      resource_id: null,
      first_name: 'Arthur',
      middle_name: null,
      last_name: 'Rep',
      title: null,
      email: 'ar@portal.test',
      mobile_number: null,
      roles: [{ id: 2, name: 'AR' }],
      activated: 1,
    },
    permissions: ['AR'],
    committeePermissions: {},
    committees: [],
    '2fa_setup': { tf_mobile_number: null, completed: false },
    two_factor_required: true,
    tf_type: 'email',
    remind_2fa: true,
    sent_to: 'a***@portal.test',
    ...overrides,
  };
}

describe('login screen', () => {
  it('has the fields and links of spec/01 2.3', () => {
    renderWithApp(<LoginScreen />);
    expect(userName()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('placeholder', MESSAGES.passwordPlaceholder);
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request Registration form' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Remember me/)).not.toBeInTheDocument();
  });

  it('asks for both fields', async () => {
    const user = userEvent.setup();
    const { fn } = mockFetch(() => undefined);
    renderWithApp(<LoginScreen />);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(MESSAGES.loginUsernameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.loginPasswordRequired)).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });

  it('wants an email address and at least 6 characters', async () => {
    const user = userEvent.setup();
    const { fn } = mockFetch(() => undefined);
    renderWithApp(<LoginScreen />);
    await user.type(userName(), 'not-an-email');
    await user.type(password(), 'abc');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(MESSAGES.loginUsernameEmail)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.loginPasswordMin)).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });

  it("shows the server's message in an alert when the sign-in fails", async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url === '/api/login' ? { status: 401, body: { message: MESSAGES.loginFailed } } : undefined));
    renderWithApp(<LoginScreen />);
    await user.type(userName(), 'ar@portal.test');
    await user.type(password(), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('stores the sign-in and goes to the two-factor screen, sending rememberMe false', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((url) => (url === '/api/login' ? { body: loginAnswer() } : undefined));
    const { router } = renderWithApp(<LoginScreen />, {
      extraRoutes: [{ path: '/two-factor', element: <div>Two-factor page</div> }],
    });
    await user.type(userName(), 'ar@portal.test');
    await user.type(password(), 'portal-demo');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/two-factor'));
    expect(calls[0]?.body).toEqual({ username: 'ar@portal.test', password: 'portal-demo', rememberMe: false });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('pending-token');
    expect(localStorage.getItem(STORAGE_KEYS.roles)).toBe('["AR"]');
    expect(localStorage.getItem(STORAGE_KEYS.currentRole)).toBe('AR');
  });

  it('goes straight to the landing page when no second factor is needed', async () => {
    const user = userEvent.setup();
    mockFetch((url) =>
      url === '/api/login'
        ? { body: loginAnswer({ token: 'full', permissions: ['TA_ADMIN', 'TA'], two_factor_required: false }) }
        : undefined,
    );
    const { router } = renderWithApp(<LoginScreen />);
    await user.type(userName(), 'taadmin@portal.test');
    await user.type(password(), 'portal-demo');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/outstanding-activities'));
    expect(localStorage.getItem(STORAGE_KEYS.currentRole)).toBe('TA_ADMIN');
  });

  describe('forgot-password mode', () => {
    it('switches to an email field with Send Instructions and back', async () => {
      const user = userEvent.setup();
      renderWithApp(<LoginScreen />);
      await user.click(screen.getByRole('link', { name: 'Forgot your password' }));
      expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send Instructions' })).toBeInTheDocument();
      expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Back to Login' }));
      expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    });

    it('says the email is not valid', async () => {
      const user = userEvent.setup();
      const { fn } = mockFetch(() => undefined);
      renderWithApp(<LoginScreen />);
      await user.click(screen.getByRole('link', { name: 'Forgot your password' }));
      await user.click(screen.getByRole('button', { name: 'Send Instructions' }));
      expect(await screen.findByText(MESSAGES.forgotEmailInvalid)).toBeInTheDocument();
      await user.type(screen.getByLabelText(/^Email/), 'nope');
      await user.click(screen.getByRole('button', { name: 'Send Instructions' }));
      expect(await screen.findByText(MESSAGES.forgotEmailInvalid)).toBeInTheDocument();
      expect(fn).not.toHaveBeenCalled();
    });

    it("shows the server's text and returns to login on success", async () => {
      const user = userEvent.setup();
      const { calls } = mockFetch((url) =>
        url === '/api/user-requests-reset-password' ? { body: { message: MESSAGES.resetRequested } } : undefined,
      );
      renderWithApp(<LoginScreen />);
      await user.click(screen.getByRole('link', { name: 'Forgot your password' }));
      await user.type(screen.getByLabelText(/^Email/), 'ar@portal.test');
      await user.click(screen.getByRole('button', { name: 'Send Instructions' }));
      expect(await screen.findByText(MESSAGES.resetRequested)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
      expect(calls[0]?.body).toEqual({ email: 'ar@portal.test' });
    });
  });

  it('opens the Terms and Conditions with their sections', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginScreen />);
    await user.click(screen.getByRole('link', { name: 'Terms and Conditions' }));
    const dialog = await screen.findByRole('dialog');
    for (const section of [
      'General',
      'Disclaimers',
      'Third-party links',
      'Damages',
      'Endorsement',
      'Indemnity',
      'Jurisdiction',
    ]) {
      expect(dialog).toHaveTextContent(section);
    }
    expect(dialog).toHaveTextContent('New South Wales');
  });
});
