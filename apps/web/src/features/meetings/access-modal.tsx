import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { MEETING_MESSAGES, MESSAGES, type MeetingFolder } from '@portal/shared';
import { errorMessage } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { useAssignAccess, useFolderMembers } from './api';
import { showSuccess } from '../../lib/confirm-then-run';

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Access (committee admin): who may see the folder (its direct members, those its root allows, the
 * admin), and a choice of direct members. Continue is disabled until the choice differs from the
 * direct members; then 'Yes, Assign Access' confirms. No member chosen: open to the committee.
 */
export function AccessModal({
  opened,
  onClose,
  committeeId,
  folder,
}: {
  opened: boolean;
  onClose: () => void;
  committeeId: number;
  folder: MeetingFolder | null;
}) {
  const members = useFolderMembers(committeeId, opened && folder ? folder.id : null);
  const assign = useAssignAccess();
  const data = members.data?.data;
  // The choice starts as the direct members; the modal is mounted per folder, so it starts afresh.
  const [choice, setChosen] = useState<number[] | null>(null);
  const chosen = choice ?? data?.directMembers ?? [];
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');

  const changed = data ? !sameSet(chosen, data.directMembers) : false;
  const names = (ids: number[]) =>
    data?.members
      .filter((m) => ids.includes(m.id))
      .map((m) => `${m.first_name} ${m.last_name}`)
      .join(', ') || '—';

  const save = async () => {
    if (!folder) return;
    if (!changed) {
      onClose();
      showSuccess(MESSAGES.actionSuccessful);
      return;
    }
    try {
      const res = await assign.mutateAsync({ folderId: folder.id, committeeId, userIds: chosen });
      onClose();
      showSuccess(res.message);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={folder ? `Access: ${folder.name}` : 'Access'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {members.isLoading || !data ? (
        members.isError ? (
          <Alert color="red" title="Error">
            {errorMessage(members.error)}
          </Alert>
        ) : (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label="Loading members" />
          </Group>
        )
      ) : step === 'choose' ? (
        <Stack gap="md">
          <Text size="sm">
            {data.directMembers.length === 0 && data.indirectMembers.length === 0
              ? 'Every member of the committee may see this folder. Choose members to restrict it to them (the committee admin always sees it).'
              : 'Only the members ticked below, and the committee admin, may see this folder.'}
            {data.indirectMembers.length > 0 &&
              ` Its root folder is restricted to ${names(data.indirectMembers)}, and that applies here too.`}
          </Text>
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label="Committee members" verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Direct member</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>May see the folder</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.members.map((m) => {
                  const name = `${m.first_name} ${m.last_name}`;
                  return (
                    <Table.Tr key={m.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Give ${name} access`}
                          checked={chosen.includes(m.id)}
                          onChange={(e) =>
                            setChosen(e.currentTarget.checked ? [...chosen, m.id] : chosen.filter((id) => id !== m.id))
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6}>
                          <span>{name}</span>
                          {m.admin && (
                            <Badge size="xs" variant="light">
                              Admin
                            </Badge>
                          )}
                          {m.inherited && (
                            <Badge size="xs" variant="light" color="grape">
                              Root folder
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{m.can_see ? 'Yes' : 'No'}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!changed} onClick={() => setStep('confirm')}>
              Continue
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            {chosen.length === 0
              ? `${folder?.name} will be open to every member of the committee.`
              : `${folder?.name} will be open to ${names(chosen)} and the committee admin only.`}{' '}
            Are you sure you want to continue?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('choose')}>
              Back
            </Button>
            <Button onClick={() => void save()} loading={assign.isPending}>
              {MEETING_MESSAGES.assignAccessConfirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
