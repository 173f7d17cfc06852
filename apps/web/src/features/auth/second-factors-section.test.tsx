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
      code_fallback: true,
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

  it("the app's switch turns codes by email or SMS off and on", async () => {
    const status: SecondFactorStatus = { app: true, code_fallback: true, passkeys: [], recovery_codes_left: 10 };
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/twofactor/factors') return { body: status };
      if (init.method === 'PUT' && url === '/api/twofactor/app/code-fallback') {
        status.code_fallback = JSON.parse(String(init.body)).enabled;
        return { body: { message: status.code_fallback ? M.codeFallbackOn : M.codeFallbackOffDone } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<SecondFactorsSection />);
    // The description is inside Mantine's label, so the name starts with the label.
    const named = { name: (name: string) => name.startsWith(M.codeFallbackSwitch) };
    const toggle = await screen.findByRole('switch', named);
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(M.codeFallbackOffDone)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', named)).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ enabled: false }]);
  }, 20_000);
});
