import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Box, Divider, Group, Indicator, Loader, Popover, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MESSAGES, PAGE_SIZES, ROUTES, type NotificationItem } from '@portal/shared';
import { useNotifications } from './api';
import { NotificationRow } from './notification-row';
import { useOpenNotification } from './use-open-notification';

/** The header bell: unread count, the latest 3, and a link to all (spec/01 2.4). */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const notifications = useNotifications();
  const open = useOpenNotification();
  const unread = notifications.data?.unread ?? 0;
  const latest = notifications.data?.data.slice(0, PAGE_SIZES.notificationsBell) ?? [];

  const onOpen = (item: NotificationItem) => {
    setOpened(false);
    open(item);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={380}
      position="bottom-end"
      shadow="md"
      withArrow
      trapFocus={false}
    >
      <Indicator
        label={<span data-testid="notification-count">{unread > 99 ? '99+' : unread}</span>}
        size={18}
        offset={6}
        disabled={unread === 0}
        color="red"
        withBorder
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={22} stroke={1.7} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label="Latest notifications">
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600}>Notifications</Text>
          {unread > 0 && (
            <Badge variant="light" size="sm">
              {unread} unread
            </Badge>
          )}
        </Group>
        <Divider />
        <Box p={4}>
          {notifications.isLoading ? (
            <Group justify="center" p="md">
              <Loader size="sm" aria-label="Loading notifications" />
            </Group>
          ) : latest.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" p="md">
              {MESSAGES.noNewNotifications}
            </Text>
          ) : (
            <Stack gap={2}>
              {latest.map((item) => (
                <NotificationRow key={item.id} item={item} onOpen={onOpen} compact />
              ))}
            </Stack>
          )}
        </Box>
        <Divider />
        <Group justify="center" py="xs">
          <Anchor component={Link} to={ROUTES.notifications.path} size="sm" fw={500} onClick={() => setOpened(false)}>
            View all
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
