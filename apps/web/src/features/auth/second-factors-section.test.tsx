import { screen, waitFor, within } from '@testing-library/react';
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

describe('a change of second factors in an old session', () => {
  it('asks for the password again, then makes the change; a wrong password says so in the modal', async () => {
    const status: SecondFactorStatus = { app: true, code_fallback: true, passkeys: [], recovery_codes_left: 3 };
    let fresh = false;
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/twofactor/factors') return { body: status };
      if (init.method === 'POST' && url === '/api/twofactor/reauthenticate') {
        if (JSON.parse(String(init.body)).password !== 'right-password')
          return { status: 422, body: { message: M.reauthWrongPassword } };
        fresh = true;
        return { body: { message: M.reauthDone } };
      }
      if (init.method === 'POST' && url === '/api/twofactor/recovery-codes')
        return fresh
          ? { body: { message: 'New codes.', recovery_codes: ['aaaa-bbbb'] } }
          : { status: 403, body: { message: M.reauthRequired } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<SecondFactorsSection />);
    await user.click(await screen.findByRole('button', { name: 'Make new codes' }));
    const ask = await screen.findByRole('dialog', { name: 'Make new recovery codes' });
    await user.click(within(ask).getByRole('button', { name: 'Make new codes' }));
    const dialog = await screen.findByRole('dialog', { name: M.reauthTitle });
    const field = within(dialog).getByLabelText('Password');
    await user.type(field, 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(M.reauthWrongPassword)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'right-password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('aaaa-bbbb')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/twofactor/recovery-codes')).toHaveLength(2);
  }, 20_000);
});
