import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import { SendNoticeForm } from './send-notice-form';

async function fillTexts(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Sender Full Name' }), 'Ada Admin');
  await user.type(screen.getByRole('textbox', { name: 'Sender Email' }), 'admin@portal.test');
  await user.type(screen.getByRole('textbox', { name: 'Notification Title' }), 'Closed');
  await user.type(screen.getByRole('textbox', { name: 'Notification Body' }), 'Closed on Friday.');
}

describe('Send Notification', () => {
  it("says the spec's messages before sending: empty texts, then no group", async () => {
    signInAs('SYSADMIN');
    const { calls } = mockFetch(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<SendNoticeForm audiences={{ groups: true, assessors: false }} report={null} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Sender email/full name and notification title/body cannot be empty!'),
    ).toBeInTheDocument();
    await fillTexts(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('At least 1 group should be selected!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("a TA admin's notice to the report's users carries them and the report, and the form resets after success", async () => {
    signInAs('TA_ADMIN');
    const { calls } = mockFetch((url, init) =>
      url === '/api/notifications' && init?.method === 'POST'
        ? { body: { message: 'The notification is sent.', recipients: 2, id: 1 } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(
      <SendNoticeForm
        audiences={{ groups: false, assessors: true }}
        report={{ userIds: [4, 5], months: 6, options: [2] }}
      />,
    );
    expect(screen.getByRole('radio', { name: /^Unused TAs from the report \(2\)/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'All TA Users' }));
    await user.click(screen.getByRole('radio', { name: /^Unused TAs from the report/ }));
    await fillTexts(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The notification is sent. 2 users will receive it.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      send_to: 'REPORT_USERS',
      user_ids: [4, 5],
      unUsedForMonths: 6,
      selectedReportOptions: [2],
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Notification Title' })).toHaveValue(''));
    expect(screen.getByRole('radio', { name: /^Unused TAs from the report/ })).toBeDisabled();
  });
});
