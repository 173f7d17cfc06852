import { Button, Group } from '@mantine/core';

/**
 * The Cancel / Save row under a form: Cancel waits while the save is under way. Save submits the
 * form around it, or calls `onSave` where the page's fields are not one `<form>` (the edit pages
 * whose role cards hold forms of their own).
 */
export function FormActions({
  onCancel,
  pending,
  onSave,
}: {
  onCancel: () => void;
  pending: boolean;
  onSave?: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type={onSave ? 'button' : 'submit'} onClick={onSave} loading={pending}>
        Save
      </Button>
    </Group>
  );
}
