import { Text } from '@mantine/core';
import { modals } from './modals';
import { notifyError } from './notify';

/**
 * Deletes ask first, then say it worked in a modal of its own (spec/02 section 4: "confirmation
 * modal, then success modal"); a failure is an 'Error' notice with the server's message.
 */
export function confirmThenRun({
  title,
  text,
  confirm,
  run,
}: {
  title: string;
  text: string;
  confirm: string;
  run: () => Promise<{ message: string }>;
}) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      run().then(
        (res) => showSuccess(res.message),
        (error: unknown) => notifyError(error),
      );
    },
  });
}

export function showSuccess(message: string) {
  modals.inform('Success', message);
}
