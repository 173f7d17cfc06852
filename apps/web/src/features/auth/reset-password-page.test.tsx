import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import ResetPasswordPage from './reset-password-page';

const PATH = '/reset-password-first-access';
const link = (url: string, signature = 'sig-123') => `${PATH}?url=${encodeURIComponent(url)}&signature=${signature}`;

async function open(to: string) {
  const view = renderWithApp(<ResetPasswordPage />, { path: PATH });
  await act(() => view.router.navigate(to));
  return view;
}

describe('reset password page checks the link before the user types', () => {
  it('a used, expired or forged link: the server says so, and no password field shows', async () => {
    const { calls } = mockFetch((url) =>
      url.startsWith('/api/set-password/check')
        ? { status: 400, body: { message: MESSAGES.resetLinkInvalid } }
        : undefined,
    );
    await open(link('/api/set-password?token=used-token'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetLinkInvalid);
    expect(screen.queryByLabelText(/New password/i)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Login' })).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', '/api/set-password/check?token=used-token&signature=sig-123'],
    ]);
  });

  it('a live link shows the form, and the check did not use it', async () => {
    const { calls } = mockFetch((url, init) => {
      if (url.startsWith('/api/set-password/check')) return { body: { message: MESSAGES.resetLinkValid } };
      if (init.method === 'POST' && url.startsWith('/api/set-password?'))
        return { body: { message: MESSAGES.passwordUpdated } };
      return undefined;
    });
    await open(link('/api/set-password?token=live-token'));
    expect(await screen.findByLabelText(/New password/i)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('a link without a token is refused without asking the server', async () => {
    const { calls } = mockFetch(() => undefined);
    await open(link('/api/set-password?x=1'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetLinkInvalid);
    await waitFor(() => expect(calls).toHaveLength(0));
  });
});
