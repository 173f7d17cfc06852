import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SECOND_FACTOR_MESSAGES as M, type SecondFactorStatus } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { SecondFactorsSection } from './second-factors-section';

describe('passkeys on /profile2fa', () => {
  it('renames a passkey in place; a blank name is refused before anything is sent', async () => {
    const status: SecondFactorStatus = {
      app: false,
      passkeys: [
        {
          id: 'key-1',
          name: 'Desk key',
          created_at: '2026-11-20T01:00:00.000Z',
          last_used_at: null,
        },
      ],
      recovery_codes_left: 10,
    };
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/twofactor/factors') return { body: status };
      if (init.method === 'PUT' && url === '/api/twofactor/passkeys/key-1') {
        status.passkeys[0]!.name = JSON.parse(String(init.body)).name;
        return { body: { message: M.passkeyRenamed } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<SecondFactorsSection />);
    await user.click(await screen.findByRole('button', { name: 'Rename Desk key' }));
    const field = screen.getByRole('textbox', { name: 'New name' });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.passkeyNameRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(field, 'Phone');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.passkeyRenamed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Phone')).toBeInTheDocument());
    expect(screen.queryByRole('textbox', { name: 'New name' })).toBeNull();
  }, 20_000);
});
