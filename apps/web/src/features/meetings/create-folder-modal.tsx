import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { meetingFolderForm, type MeetingFolder } from '@portal/shared';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { notifyError } from '../../lib/notify';
import { useCreateFolder } from './api';
import { showSuccess } from '../../lib/confirm-then-run';

/** Create New Folder (a root) or Create Sub Folder (in the open root): Create is disabled until a name is typed. */
export function CreateFolderModal({
  opened,
  onClose,
  committeeId,
  parent,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  committeeId: number;
  parent: MeetingFolder | null;
  onCreated: (folderId: number) => void;
}) {
  const form = useSchemaForm<{ folderName: string }>(meetingFolderForm, { initialValues: { folderName: '' } });
  const create = useCreateFolder();
  const close = () => {
    form.reset();
    onClose();
  };
  const title = parent ? 'Create Sub Folder' : 'Create New Folder';
  const name = form.getValues().folderName;

  return (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            const res = await create.mutateAsync({
              folderName: values.folderName,
              parentFolderId: parent?.id ?? null,
              committeeId,
            });
            close();
            onCreated(res.folder.id);
            showSuccess(res.message);
          } catch (error) {
            const rest = applyServerErrors(form, error);
            if (rest) notifyError(rest);
          }
        })}
      >
        <Stack gap="md">
          <TextInput
            label={parent ? 'Sub folder name' : 'Folder name'}
            description={parent ? `In ${parent.name}` : undefined}
            data-autofocus
            maxLength={255}
            {...form.getInputProps('folderName')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={name.trim().length === 0} loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
