import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type RememberedDevice } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { describeBrowser, RememberedDevices } from './remembered-devices';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';

const device = (id: string, userAgent: string, current: boolean): RememberedDevice => ({
  id,
  user_agent: userAgent,
  created_at: '2026-11-20T01:00:00.000Z',
  last_used_at: null,
  expires_at: '2026-12-05T01:00:00.000Z',
  current,
});

describe('remembered browsers on /profile2fa', () => {
  it('names the browsers', () => {
    expect(describeBrowser(CHROME)).toBe('Chrome on Windows');
    expect(describeBrowser(FIREFOX)).toBe('Firefox on Linux');
    expect(describeBrowser(null)).toBe('Unknown browser');
  });

  it('lists them, marks this browser, and Forget removes one', async () => {
    let devices = [
      device('a0000000-0000-4000-8000-000000000001', CHROME, true),
      device('b0000000-0000-4000-8000-000000000002', FIREFOX, false),
    ];
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/twofactor/devices' && (init.method ?? 'GET') === 'GET') return { body: devices };
      if (init.method === 'DELETE' && url.startsWith('/api/twofactor/devices/')) {
        devices = devices.filter((d) => !url.endsWith(d.id));
        return { body: { message: MESSAGES.deviceForgotten } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<RememberedDevices />);
    expect(await screen.findByText('Chrome on Windows')).toBeInTheDocument();
    expect(screen.getByText('Firefox on Linux')).toBeInTheDocument();
    expect(screen.getByText('This browser')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Forget Firefox on Linux' }));
    expect(
      calls.some(
        (c) => c.method === 'DELETE' && c.url === '/api/twofactor/devices/b0000000-0000-4000-8000-000000000002',
      ),
    ).toBe(true);
    await waitFor(() => expect(screen.queryByText('Firefox on Linux')).not.toBeInTheDocument());
    expect(await screen.findByText(MESSAGES.deviceForgotten)).toBeInTheDocument();
    expect(screen.getByText('Chrome on Windows')).toBeInTheDocument();
  }, 20_000);

  it('says when no browser is remembered', async () => {
    mockFetch((url) => (url === '/api/twofactor/devices' ? { body: [] } : undefined));
    renderWithApp(<RememberedDevices />);
    const empty = await screen.findByText('No browser is remembered.');
    expect(within(empty.closest('div')!).queryByRole('button')).not.toBeInTheDocument();
  });
});
