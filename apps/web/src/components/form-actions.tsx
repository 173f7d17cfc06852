import { Button, Group } from '@mantine/core';

/** The Cancel / Save row under a form of a modal: Cancel waits while the save is under way. */
export function FormActions({ onCancel, pending }: { onCancel: () => void; pending: boolean }) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        Save
      </Button>
    </Group>
  );
}
