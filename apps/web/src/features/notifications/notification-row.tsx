import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { NotificationItem } from '@portal/shared';
import { formatDateTime } from '../../lib/dates';
import { notificationBody } from './use-open-notification';
import classes from './notifications.module.css';

/** One notification as a button: title, body, date; unread ones highlighted. */
export function NotificationRow({ item, onOpen, compact = false }: { item: NotificationItem; onOpen: (item: NotificationItem) => void; compact?: boolean }) {
  const unread = !item.read_at;
  return (
    <UnstyledButton
      className={classes.row}
      data-unread={unread || undefined}
      data-compact={compact || undefined}
      onClick={() => onOpen(item)}
      aria-label={`${unread ? 'Unread: ' : ''}${item.data.title}`}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className={classes.dot} data-unread={unread || undefined} aria-hidden />
        <Box style={{ flex: 1, minWidth: 0 }}>
          {compact ? (
            <>
              <Text size="sm" fw={unread ? 700 : 500} lineClamp={2}>
                {item.data.title}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {notificationBody(item)}
              </Text>
              <Text size="xs" c="dimmed" mt={2}>
                {formatDateTime(item.created_at)}
              </Text>
            </>
          ) : (
            <>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
                <Text size="sm" fw={unread ? 700 : 500} lineClamp={1}>
                  {item.data.title}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(item.created_at)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" lineClamp={3}>
                {notificationBody(item)}
              </Text>
            </>
          )}
        </Box>
      </Group>
    </UnstyledButton>
  );
}
