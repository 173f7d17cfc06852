import { Anchor, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MESSAGES, PAGE_SIZES, ROUTES } from '@portal/shared';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useNotifications, useUpdateNotifications } from './api';
import { NotificationRow } from './notification-row';
import { useOpenNotification } from './use-open-notification';

/** The dashboard's Notifications card: the first 5, a view-all link and 'Clear all' (spec/01 2.5). */
export function NotificationsCard() {
  const notifications = useNotifications();
  const update = useUpdateNotifications();
  const open = useOpenNotification();
  const list = notifications.data?.data.slice(0, PAGE_SIZES.dashboard) ?? [];

  return (
    <Card component="section" aria-label="Notifications" h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md">
            <IconBell size={20} />
          </ThemeIcon>
          <Title order={2} size="h4">
            Notifications
          </Title>
        </Group>
        <Button
          size="xs"
          variant="subtle"
          disabled={list.length === 0}
          loading={update.isPending}
          onClick={() =>
            update.mutate({ ids: 'all', type: 'delete' }, { onSuccess: (res) => notifySuccess(res.message), onError: (error) => notifyError(error) })
          }
        >
          Clear all
        </Button>
      </Group>
      {notifications.isLoading ? (
        <Loader size="sm" aria-label="Loading notifications" />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm">
          {MESSAGES.noNewNotifications}
        </Text>
      ) : (
        <Stack gap={2}>
          {list.map((item) => (
            <NotificationRow key={item.id} item={item} onOpen={open} compact />
          ))}
        </Stack>
      )}
      <Group justify="flex-end" mt="sm">
        <Anchor component={Link} to={ROUTES.notifications.path} size="sm" fw={500}>
          View all notifications
        </Anchor>
      </Group>
    </Card>
  );
}
