import { useState } from 'react';
import { Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBellOff, IconTrash } from '@tabler/icons-react';
import { MESSAGES, PAGE_SIZES, ROUTES } from '@portal/shared';
import { PageTitle } from '../../components/page-title';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useNotifications, useUpdateNotifications } from './api';
import { confirmClearAll } from './confirm-clear-all';
import { NotificationRow } from './notification-row';
import { useOpenNotification } from './use-open-notification';

/** /notifications: newest first, 20 at a time (spec/02 Notifications). */
export default function NotificationsPage() {
  const [count, setCount] = useState<number>(PAGE_SIZES.notificationsFetch);
  const notifications = useNotifications(count);
  const update = useUpdateNotifications();
  const open = useOpenNotification();
  const list = notifications.data?.data ?? [];
  const total = notifications.data?.total ?? 0;

  const clearAll = () =>
    confirmClearAll(() =>
      update.mutate(
        { ids: 'all', type: 'delete' },
        {
          onSuccess: (res) => {
            notifySuccess(res.message);
            setCount(PAGE_SIZES.notificationsFetch);
          },
          onError: (error) => notifyError(error),
        },
      ),
    );

  return (
    <>
      <PageTitle
        title={ROUTES.notifications.title}
        description={total > 0 && notifications.data ? `${notifications.data.unread} unread of ${total}` : undefined}
        actions={
          <Button
            variant="default"
            leftSection={<IconTrash size={16} />}
            onClick={clearAll}
            loading={update.isPending && update.variables?.type === 'delete'}
            disabled={list.length === 0}
          >
            Clear all notifications
          </Button>
        }
      />
      <Card p="xs">
        {notifications.isLoading ? (
          <Center p="xl">
            <Loader aria-label="Loading notifications" />
          </Center>
        ) : list.length === 0 ? (
          <Stack align="center" gap="xs" p="xl">
            <IconBellOff size={36} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed">{MESSAGES.noUnreadNotifications}</Text>
          </Stack>
        ) : (
          <Stack
            gap={4}
            component="ul"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-label="Notifications list"
          >
            {list.map((item) => (
              <li key={item.id}>
                <NotificationRow item={item} onOpen={open} />
              </li>
            ))}
          </Stack>
        )}
      </Card>
      {list.length > 0 && list.length < total && (
        <Group justify="center" mt="md">
          <Button
            variant="light"
            onClick={() => setCount((c) => c + PAGE_SIZES.notificationsFetch)}
            loading={notifications.isFetching && notifications.isPlaceholderData}
          >
            Show older notifications
          </Button>
        </Group>
      )}
    </>
  );
}
