import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationLog } from '@portal/shared';
import { keepReportRecipients } from '../../lib/report-recipients';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import AdminNotificationsPage from './admin-notifications-page';

const log: NotificationLog = {
  data: [],
  total: 0,
  page: 1,
  per_page: 5,
  audiences: { groups: false, assessors: true },
};

function open(entry: string, past: NotificationLog = log) {
  signInAs('TA_ADMIN');
  const { calls } = mockFetch((url, init) => {
    if (url.startsWith('/api/notifications/log')) return { body: past };
    if (url === '/api/notifications' && init.method === 'POST')
      return { body: { message: 'The notification is sent.', recipients: 3, id: 9 } };
    return undefined;
  });
  renderWithApp(<AdminNotificationsPage />, { path: '/admin/notifications', initialEntry: entry });
  return calls;
}

const unusedOption = (n?: number) =>
  screen.findByRole('radio', {
    name: n === undefined ? /^Unused TAs from the report/ : `Unused TAs from the report (${n})`,
  });

describe('Admin Notifications and the report', () => {
  it("keeps the report's users across a reload and a change of tab, and forgets them once sent", async () => {
    // Notify from the report: the users go to the tab's storage, the address says so.
    const query = keepReportRecipients({ userIds: [4, 5, 6], months: 6, options: [1, 2] });
    expect(query).toBe('?to=report');
    // A reload is a fresh page on the same address: the form still holds the three users.
    const calls = open(`/admin/notifications${query}`);
    const user = userEvent.setup();
    expect(await unusedOption(3)).toBeChecked();

    await user.click(screen.getByRole('tab', { name: 'Past Notifications' }));
    await user.click(screen.getByRole('tab', { name: 'Send Notification' }));
    expect(await unusedOption(3)).toBeChecked();

    await user.type(screen.getByRole('textbox', { name: 'Sender Full Name' }), 'Tara');
    await user.type(screen.getByRole('textbox', { name: 'Sender Email' }), 'taadmin@portal.test');
    await user.type(screen.getByRole('textbox', { name: 'Notification Title' }), 'Please sign in');
    await user.type(screen.getByRole('textbox', { name: 'Notification Body' }), 'Mark your profile up to date.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The notification is sent. 3 users will receive it.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      send_to: 'REPORT_USERS',
      user_ids: [4, 5, 6],
      unUsedForMonths: 6,
      selectedReportOptions: [1, 2],
    });
    await waitFor(() => expect(window.sessionStorage.getItem('portal.report-recipients')).toBeNull());
  });

  it('Past Notifications says which notices are still being sent', async () => {
    const row = {
      body: 'Body',
      date: '2026-11-26T21:00:00.000Z',
      notificationSentTo: 'All TA Users',
      sender: 'Tara (taadmin@portal.test)',
      reminders: [],
    };
    open('/admin/notifications', {
      ...log,
      data: [
        { ...row, id: 2, title: 'Just sent', recipient: 10033, sending: true },
        { ...row, id: 1, title: 'Earlier', recipient: 12, sending: false },
      ],
      total: 2,
    });
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Past Notifications' }));
    expect(await screen.findByText('10033 (sending)')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
  });

  it('opened without ?to=report, users kept from an earlier Notify are not offered', async () => {
    keepReportRecipients({ userIds: [4], months: 6, options: [2] });
    open('/admin/notifications');
    expect(await unusedOption()).toBeDisabled();
  });
});
