import { useState } from 'react';
import { Button, Group, List, Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  ADMIN_COMMS_MESSAGES,
  committeeForm,
  type CommitteeCandidate,
  type CommitteeFormValues,
  type ManagedCommittee,
} from '@portal/shared';
import { useSchemaForm } from '../../lib/form';
import { showSuccess } from '../../lib/confirm-then-run';
import { notifyFormError } from '../../lib/notify';
import { useSaveCommittee } from './api';
import { committeeChanges } from './committee-changes';

const FORM_ID = 'committee-form';

function initialValues(c: ManagedCommittee | null): CommitteeFormValues {
  return {
    committee_name: c?.name ?? '',
    committee_members: (c?.members ?? []).map(String),
    committee_admin_id: c?.admin_id != null ? String(c.admin_id) : null,
  };
}

/**
 * Add or edit a committee: name, members, and the admin chosen among the members. An edit is saved
 * only once something changed, after a confirmation listing the changes.
 */
export function CommitteeModal({
  committee,
  candidates,
  onClose,
}: {
  /** null: a new committee. */
  committee: ManagedCommittee | null;
  candidates: readonly CommitteeCandidate[];
  onClose: () => void;
}) {
  const save = useSaveCommittee();
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const form = useSchemaForm<CommitteeFormValues>(committeeForm, { initialValues: initialValues(committee) });
  const values = form.getValues();
  const changes = committee ? committeeChanges(committee, values, candidates) : [];
  const memberOptions = candidates.map((c) => ({ value: String(c.id), label: `${c.name} (${c.email})` }));
  const adminOptions = memberOptions.filter((o) => values.committee_members.includes(o.value));

  const send = () => {
    const v = form.getValues();
    save.mutate(
      {
        id: committee?.id ?? null,
        body: {
          committee_name: v.committee_name.trim(),
          committee_admin_id: v.committee_admin_id ? Number(v.committee_admin_id) : null,
          committee_members: v.committee_members.map(Number),
        },
      },
      {
        onSuccess: (res) => {
          onClose();
          showSuccess(committee ? res.message : ADMIN_COMMS_MESSAGES.committeeAdded);
        },
        onError: (error) => {
          setConfirming(null);
          notifyFormError(FORM_ID, error);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={committee ? 'Edit Committee' : 'Add Committee'} size="lg">
      {confirming ? (
        <Stack gap="md">
          <Text size="sm">The following changes will be saved to {committee?.name}:</Text>
          <List size="sm" spacing={4}>
            {confirming.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
          <Text size="sm">Are you sure you want to continue?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Back
            </Button>
            <Button onClick={send} loading={save.isPending}>
              Yes, Save Changes
            </Button>
          </Group>
        </Stack>
      ) : (
        <form id={FORM_ID} noValidate onSubmit={form.onSubmit(() => (committee ? setConfirming(changes) : send()))}>
          <Stack gap="md">
            <TextInput label="Committee Name" required {...form.getInputProps('committee_name')} />
            <MultiSelect
              label="Committee Members"
              placeholder="Pick members"
              data={memberOptions}
              searchable
              clearable
              hidePickedOptions
              maxDropdownHeight={240}
              {...form.getInputProps('committee_members')}
              onChange={(members) => {
                form.setFieldValue('committee_members', members);
                // The admin must be a member: removing them clears the admin (spec/02 section 5).
                const admin = form.getValues().committee_admin_id;
                if (admin && !members.includes(admin)) form.setFieldValue('committee_admin_id', null);
              }}
            />
            <Select
              label="Forum Admin"
              placeholder={adminOptions.length ? 'Pick the committee admin' : 'Pick members first'}
              data={adminOptions}
              clearable
              searchable
              disabled={adminOptions.length === 0}
              {...form.getInputProps('committee_admin_id')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={committee !== null && changes.length === 0} loading={save.isPending}>
                {committee ? 'Save' : 'Add Committee'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
