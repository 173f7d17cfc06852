import { Text } from '@mantine/core';
import { modals } from '../../lib/modals';
import { MESSAGES } from '@portal/shared';

/** 'Clear all' removes every notification for good: it asks first (the card and the page alike). */
export function confirmClearAll(onConfirm: () => void): void {
  modals.openConfirmModal({
    title: 'Clear all notifications',
    children: <Text size="sm">{MESSAGES.clearAllConfirm}</Text>,
    labels: { confirm: 'Clear all', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
