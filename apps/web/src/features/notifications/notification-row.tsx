import { Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { NotificationItem } from '@portal/shared';
import { formatDateTime } from '../../lib/dates';
import { notificationBody } from './use-open-notification';
import classes from './notifications.module.css';

/**
 * The height in px of a compact row (the dashboard card): one line of title, one of body, the date,
 * with the list's 2 px gap. The card keeps room for its rows at this height (components/dashboard-card.tsx).
 */
export const NOTIFICATION_ROW_COMPACT = 84;

/** One notification as a button: title, body, date; unread ones highlighted. */
export function NotificationRow({
  item,
  onOpen,
  compact = false,
}: {
  item: NotificationItem;
  onOpen: (item: NotificationItem) => void;
  compact?: boolean;
}) {
  const unread = !item.read_at;
  return (
    <UnstyledButton
      className={classes.row}
      data-unread={unread || undefined}
      data-compact={compact || undefined}
      onClick={() => onOpen(item)}
    >
      {/* The row's words are its name (no aria-label that would differ from what is seen). */}
      {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className={classes.dot} data-unread={unread || undefined} aria-hidden />
        <Box style={{ flex: 1, minWidth: 0 }}>
          {compact ? (
            <>
              <Text size="sm" fw={unread ? 700 : 500} lineClamp={1}>
                {item.data.title}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
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
