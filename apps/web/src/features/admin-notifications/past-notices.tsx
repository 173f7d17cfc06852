import { Card, Text } from '@mantine/core';
import { PAGE_SIZES, type PastNotification } from '@portal/shared';
import { DataTable } from '../../components/data-table';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { formatDateTime } from '../../lib/dates';
import { useListParams } from '../../lib/list-params';
import { useNoticeLog } from './api';

const reminders = (n: PastNotification) =>
  n.reminders.length === 0 ? 'None' : n.reminders.map((r) => `${formatDateTime(r.sent_on)} (${r.sent_to})`).join(', ');

/** Past Notifications: the log, 5 a page, newest first (paged by the server). */
export function PastNotices() {
  const params = useListParams({ perPage: PAGE_SIZES.pastNotifications });
  const log = useNoticeLog(params.page, params.perPage);
  if (log.isError)
    return (
      <LoadFailedAlert
        title="Past notifications could not be loaded."
        error={log.error}
        onRetry={() => void log.refetch()}
      />
    );
  // In a card, as every list, and as the Send tab's form is.
  return (
    <Card>
      <DataTable
        label="Past Notifications"
        rows={log.data?.data}
        loading={log.isLoading}
        stale={log.isPlaceholderData}
        rowKey={(n) => n.id}
        empty="No notifications have been sent yet."
        paging={log.data ? params.paging(log.data.total) : undefined}
        minWidth={900}
        columns={[
          {
            title: 'Title',
            render: (n) => (
              <Text fw={600} size="sm">
                {n.title}
              </Text>
            ),
          },
          {
            title: 'Body',
            width: '32%',
            render: (n) => (
              <Text size="sm" lineClamp={3}>
                {n.body}
              </Text>
            ),
          },
          { title: 'Date', render: (n) => formatDateTime(n.date) },
          {
            title: 'Recipients',
            render: (n) => (
              <>
                <Text size="sm">
                  {n.recipient}
                  {n.sending ? ' (sending)' : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {n.notificationSentTo}
                </Text>
              </>
            ),
          },
          { title: 'Sender', render: (n) => n.sender },
          { title: 'Reminders', render: reminders },
        ]}
      />
    </Card>
  );
}
