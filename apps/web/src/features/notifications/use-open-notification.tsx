import { Stack, Text } from '@mantine/core';
import { modals } from '../../lib/modals';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '@portal/shared';
import { formatDateTime } from '../../lib/dates';
import { notifyError } from '../../lib/notify';
import { useUpdateNotifications } from './api';

export function notificationBody(item: NotificationItem): string {
  return item.data.data.notification_body || item.body || '';
}

/**
 * Opening a notification marks it read; an 'Admin' notification opens a modal with its body, any
 * other type goes to its URL (spec/02 section 4).
 */
export function useOpenNotification() {
  const navigate = useNavigate();
  const update = useUpdateNotifications();

  return (item: NotificationItem) => {
    if (!item.read_at) update.mutate({ ids: [item.id], type: 'read' }, { onError: (error) => notifyError(error) });

    const url = item.data.data.url;
    if (item.data.data.type === 'Admin' || !url) {
      modals.open({
        title: item.data.title,
        children: (
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {formatDateTime(item.created_at)}
              {item.sender ? ` · ${item.sender}` : ''}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {notificationBody(item)}
            </Text>
          </Stack>
        ),
      });
      return;
    }
    if (url.startsWith('/') && !url.startsWith('//')) {
      void navigate(url);
      return;
    }
    try {
      const target = new URL(url, window.location.origin);
      if (target.origin === window.location.origin) void navigate(`${target.pathname}${target.search}${target.hash}`);
      else if (target.protocol === 'https:' || target.protocol === 'http:')
        window.open(target.href, '_blank', 'noopener');
    } catch {
      // A malformed URL leads nowhere.
    }
  };
}
