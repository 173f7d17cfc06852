import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { renderRoute } from '../../components/documents/test-fixtures';
import { mockFetch } from '../../test/render';
import ActivationPage from './activation-page';
import ResetPasswordPage from './reset-password-page';

describe('pages opened from an emailed link: one feedback per action (issue 9)', () => {
  it('activation says a refused link once, in its alert, not in a notice too', async () => {
    mockFetch((url) =>
      url.startsWith('/api/activation/check')
        ? { body: { message: MESSAGES.resetLinkValid } }
        : url.startsWith('/api/')
          ? { status: 400, body: { message: MESSAGES.activationInvalid } }
          : undefined,
    );
    const user = userEvent.setup();
    await renderRoute(<ActivationPage />, '/activation', '/activation?token=abc&email=new@portal.test');
    await user.type(await screen.findByLabelText(/^New password/), 'better-one');
    await user.type(screen.getByLabelText(/^Confirm password/), 'better-one');
    await user.click(screen.getByRole('button', { name: 'Activate Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.activationInvalid);
    expect(screen.getAllByText(MESSAGES.activationInvalid)).toHaveLength(1);
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('activation checks its link when the page opens: a used one says so before any password is typed', async () => {
    const { calls } = mockFetch((url) =>
      url.startsWith('/api/activation/check')
        ? { status: 400, body: { message: MESSAGES.activationInvalid } }
        : undefined,
    );
    await renderRoute(<ActivationPage />, '/activation', '/activation?token=used&email=new@portal.test');
    expect(await screen.findByText(MESSAGES.activationInvalid)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/activation/check?token=used']);
  });

  it('activation puts a field the server refuses under that field only', async () => {
    mockFetch((url) =>
      url.startsWith('/api/activation/check')
        ? { body: { message: MESSAGES.resetLinkValid } }
        : url.startsWith('/api/')
          ? {
              status: 400,
              body: { message: MESSAGES.loginUsernameEmail, errors: { username: [MESSAGES.loginUsernameEmail] } },
            }
          : undefined,
    );
    const user = userEvent.setup();
    await renderRoute(<ActivationPage />, '/activation', '/activation?token=abc&email=new@portal.test');
    await user.type(await screen.findByLabelText(/^New password/), 'better-one');
    await user.type(screen.getByLabelText(/^Confirm password/), 'better-one');
    await user.click(screen.getByRole('button', { name: 'Activate Account' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^User name/)).toHaveAccessibleDescription(MESSAGES.loginUsernameEmail),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reset does not repeat its hint as the error: the rule shows once', async () => {
    // The page checks the link first (GET /api/set-password/check); this one is live.
    mockFetch((url) =>
      url.startsWith('/api/set-password/check') ? { body: { message: MESSAGES.resetLinkValid } } : undefined,
    );
    const user = userEvent.setup();
    await renderRoute(<ResetPasswordPage />, '/reset', '/reset?url=%2Fapi%2Fset-password%3Ftoken%3Dt1&signature=s');
    expect(await screen.findByText(MESSAGES.passwordRuleSixNoSpaces)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(MESSAGES.passwordRuleSixNoSpaces),
    );
    expect(screen.getAllByText(MESSAGES.passwordRuleSixNoSpaces)).toHaveLength(1);
    expect(screen.getByText(MESSAGES.passwordRuleSixNoSpaces).className).toMatch(/error/);
  });
});
