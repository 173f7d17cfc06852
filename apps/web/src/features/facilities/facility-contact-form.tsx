import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { facilityUpdate, LIMITS, MESSAGES, type Facility } from '@portal/shared';
import { FormActions } from '../../components/form-actions';
import { StateSelect } from '../../components/state-select';
import { actionFailMessage } from '../../lib/action-fail';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { notifyFormError, notifyFormSuccess } from '../../lib/notify';
import { useUpdateFacility } from './api';

/** The id of this form's notices: a success takes an earlier error notice away. */
const FORM_ID = 'facility-contact-form';

interface ContactRow {
  /** React's key for the row; the schema drops it from the body. */
  key: number;
  name: string;
  phone: string;
}

interface Values extends Record<string, unknown> {
  facility_number: string;
  billing_email: string;
  address: string;
  suburb: string;
  state: string | null;
  contacts: ContactRow[];
}

let nextKey = 1;
const row = (name = '', phone = ''): ContactRow => ({ key: nextKey++, name, phone });

function valuesOf(f: Facility): Values {
  return {
    facility_number: f.facility_number,
    billing_email: f.billing_email ?? '',
    address: f.address ?? '',
    suburb: f.suburb ?? '',
    state: f.state,
    contacts: f.contacts.map((c) => row(c.name, c.phone)),
  };
}

/**
 * The 'Update Contact Details' form (spec/01 2.7) on the shared facilityUpdate schema, the one the
 * server checks: billing email, address, suburb and state are required, every contact has a name and
 * a phone number. The server's field errors go under their fields; anything else is one
 * 'Action fail: ' notice.
 */
export function FacilityContactForm({
  facility,
  onDone,
  onCancel,
}: {
  facility: Facility;
  onDone: () => void;
  onCancel: () => void;
}) {
  const update = useUpdateFacility();
  const form = useSchemaForm<Values>(facilityUpdate, { initialValues: valuesOf(facility) });
  const contacts = form.getValues().contacts;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        update.mutate(
          { id: facility.id, body: facilityUpdate.parse(values) },
          {
            onSuccess: () => {
              notifyFormSuccess(FORM_ID, MESSAGES.actionSuccessful);
              onDone();
            },
            onError: (error) => {
              const rest = applyServerErrors(form, error);
              if (rest) notifyFormError(FORM_ID, actionFailMessage(rest));
            },
          },
        ),
      )}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Facility number"
            readOnly
            maxLength={LIMITS.facilityNumberLength}
            description="Set by the body; it cannot be changed here."
            {...form.getInputProps('facility_number')}
          />
          <TextInput
            label="Billing email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('billing_email')}
          />
        </SimpleGrid>
        <TextInput label="Address" autoComplete="street-address" required {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Suburb" autoComplete="address-level2" required {...form.getInputProps('suburb')} />
          <StateSelect required {...form.getInputProps('state')} />
        </SimpleGrid>

        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text component="legend" fw={600} size="sm" mb={4}>
            Contacts
          </Text>
          {contacts.length === 0 && (
            <Text size="sm" c="dimmed">
              No contacts yet.
            </Text>
          )}
          {contacts.map((contact, index) => (
            <Group key={contact.key} align="flex-start" gap="sm" wrap="nowrap">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" style={{ flex: 1 }}>
                <TextInput
                  label={`Contact ${index + 1} name`}
                  autoComplete="off"
                  required
                  {...form.getInputProps(`contacts.${index}.name`)}
                />
                <TextInput
                  label={`Contact ${index + 1} phone`}
                  type="tel"
                  autoComplete="off"
                  required
                  {...form.getInputProps(`contacts.${index}.phone`)}
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={26}
                aria-label={`Remove contact ${index + 1}`}
                onClick={() => form.removeListItem('contacts', index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          {typeof form.errors.contacts === 'string' && (
            <Text size="sm" c="red.8" role="alert">
              {form.errors.contacts}
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('contacts', row())}
            >
              Add contact
            </Button>
          </Group>
        </Stack>

        <FormActions onCancel={onCancel} pending={update.isPending} />
      </Stack>
    </form>
  );
}
