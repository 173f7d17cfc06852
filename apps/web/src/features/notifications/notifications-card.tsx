import { Button, Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { MESSAGES, PAGE_SIZES, ROUTES } from '@portal/shared';
import { DashboardCard } from '../../components/dashboard-card';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useNotifications, useUpdateNotifications } from './api';
import { confirmClearAll } from './confirm-clear-all';
import { NOTIFICATION_ROW_COMPACT, NotificationRow } from './notification-row';
import { useOpenNotification } from './use-open-notification';

/** The dashboard's Notifications card: the first 5, a view-all link and 'Clear all' (spec/01 2.5). */
export function NotificationsCard() {
  const notifications = useNotifications();
  const update = useUpdateNotifications();
  const open = useOpenNotification();
  const list = notifications.data?.data.slice(0, PAGE_SIZES.dashboard) ?? [];

  return (
    <DashboardCard
      title="Notifications"
      icon={<IconBell size={20} />}
      action={
        <Button
          size="xs"
          variant="subtle"
          disabled={list.length === 0}
          loading={update.isPending}
          onClick={() =>
            confirmClearAll(() =>
              update.mutate(
                { ids: 'all', type: 'delete' },
                { onSuccess: (res) => notifySuccess(res.message), onError: (error) => notifyError(error) },
              ),
            )
          }
        >
          Clear all
        </Button>
      }
      loading={notifications.isLoading}
      loadingLabel="Loading notifications"
      emptyText={list.length > 0 ? null : MESSAGES.noNewNotifications}
      rowHeight={NOTIFICATION_ROW_COMPACT}
      viewAll={{ to: ROUTES.notifications.path, label: 'View all notifications' }}
    >
      <Stack gap={2}>
        {list.map((item) => (
          <NotificationRow key={item.id} item={item} onOpen={open} compact />
        ))}
      </Stack>
    </DashboardCard>
  );
}
