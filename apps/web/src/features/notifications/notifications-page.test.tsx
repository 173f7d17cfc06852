import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type NotificationItem } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import NotificationsPage from './notifications-page';

function item(n: number, overrides: Partial<NotificationItem['data']['data']> = {}, read = false): NotificationItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    created_at: new Date(Date.UTC(2026, 0, 31, 12) - n * 3_600_000).toISOString(),
    read_at: read ? '2026-01-31T00:00:00.000Z' : null,
    data: { title: `Notice ${n}`, data: { type: 'job', url: '/job/5', notification_body: `Body ${n}`, ...overrides } },
    body: null,
    sender: 'Members Portal',
  };
}

describe('notifications page', () => {
  it('shows the empty text', async () => {
    signInAs('AR');
    mockFetch((url) =>
      url.startsWith('/api/notifications') ? { body: { data: [], unread: 0, total: 0 } } : undefined,
    );
    renderWithApp(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText(MESSAGES.noUnreadNotifications)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).not.toBeInTheDocument();
  });

  it('asks for 20 more with Show older notifications, and hides it when all are shown', async () => {
    signInAs('AR');
    const all = Array.from({ length: 25 }, (_, i) => item(i + 1));
    const { calls } = mockFetch((url) => {
      if (!url.startsWith('/api/notifications')) return undefined;
      const count = Number(new URL(url, 'http://x').searchParams.get('count'));
      return { body: { data: all.slice(0, count), unread: 25, total: 25 } };
    });
    const user = userEvent.setup();
    renderWithApp(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText('Notice 20')).toBeInTheDocument();
    expect(screen.queryByText('Notice 21')).not.toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/notifications?count=20&role=AR');
    await user.click(screen.getByRole('button', { name: 'Show older notifications' }));
    expect(await screen.findByText('Notice 25')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/notifications?count=40&role=AR');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Show older notifications' })).not.toBeInTheDocument(),
    );
  });

  it("passes the committee for a committee member and clears all with ids 'all'", async () => {
    signInAs('CM', 't', 4);
    let cleared = false;
    const { calls } = mockFetch((url, init) => {
      if (url.startsWith('/api/notifications/all') && init.method === 'PUT') {
        cleared = true;
        return { body: { message: MESSAGES.actionSuccessful } };
      }
      if (url.startsWith('/api/notifications'))
        return { body: cleared ? { data: [], unread: 0, total: 0 } : { data: [item(1)], unread: 1, total: 1 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<NotificationsPage />, { path: '/notifications' });
    await screen.findByText('Notice 1');
    expect(calls[0]?.url).toBe('/api/notifications?count=20&role=CM&cmId=4');
    await user.click(screen.getByRole('button', { name: 'Clear all notifications' }));
    // It asks first: nothing is sent until the user confirms.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MESSAGES.clearAllConfirm);
    expect(calls.find((c) => c.method === 'PUT')).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText(MESSAGES.noUnreadNotifications)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe('/api/notifications/all?type=delete&role=CM&cmId=4');
  });

  it("marks a notification read on opening; an 'Admin' one opens a modal, others go to their URL", async () => {
    signInAs('TA');
    const admin = item(1, { type: 'Admin', url: null, notification_body: 'The portal will be down on Saturday.' });
    const job = item(2);
    const { calls } = mockFetch((url) => {
      if (url.startsWith('/api/notifications/')) return { body: { message: 'ok' } };
      if (url.startsWith('/api/notifications')) return { body: { data: [admin, job], unread: 2, total: 2 } };
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderWithApp(<NotificationsPage />, { path: '/notifications' });
    await user.click(await screen.findByRole('button', { name: /^Unread: Notice 1/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('The portal will be down on Saturday.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`/api/notifications/${encodeURIComponent(JSON.stringify([admin.id]))}?type=read&role=TA`);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^Unread: Notice 2/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/job/5'));
  });
});
