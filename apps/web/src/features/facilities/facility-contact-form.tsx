import { useState } from 'react';
import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { facilityUpdate, LIMITS, MESSAGES, type Facility, type FacilityUpdate } from '@portal/shared';
import { StateSelect } from '../../components/state-select';
import { actionFailMessage } from '../../lib/action-fail';
import { isApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { fieldErrorsByPath } from '../../lib/validation';
import { useUpdateFacility } from './api';
import { FormActions } from '../../components/form-actions';

interface ContactRow {
  key: number;
  name: string;
  phone: string;
}

interface Values {
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

/** The body of PUT /facilities/{id}: empty text clears a field; the contacts as listed. */
export function bodyOf(values: Values): FacilityUpdate {
  return {
    facility_number: values.facility_number,
    billing_email: values.billing_email.trim(),
    address: values.address.trim(),
    suburb: values.suburb.trim(),
    state: (values.state || null) as FacilityUpdate['state'],
    contacts: values.contacts.map((c) => ({ name: c.name.trim(), phone: c.phone.trim() })),
  };
}

/**
 * The 'Update Contact Details' form (spec/01 2.7): checked with the shared schema before sending;
 * the server's field errors (400) go under their fields and into the 'Action fail: ' notice.
 */
export function FacilityContactForm({ facility, onDone, onCancel }: { facility: Facility; onDone: () => void; onCancel: () => void }) {
  const update = useUpdateFacility();
  const [values, setValues] = useState<Values>(() => valuesOf(facility));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const clientErrors = submitted ? fieldErrorsByPath(facilityUpdate, bodyOf(values)) : {};
  const errorOf = (field: string) => clientErrors[field] ?? serverErrors[field];

  const change = (patch: Partial<Values>, fields: string[]) => {
    setValues((v) => ({ ...v, ...patch }));
    if (fields.some((f) => f in serverErrors)) {
      setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))));
    }
  };
  const setContact = (index: number, patch: Partial<ContactRow>) =>
    change(
      { contacts: values.contacts.map((c, i) => (i === index ? { ...c, ...patch } : c)) },
      Object.keys(patch).map((k) => `contacts.${index}.${k}`),
    );

  const text = (field: 'billing_email' | 'address' | 'suburb', label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextInput
      label={label}
      value={values[field]}
      onChange={(event) => change({ [field]: event.currentTarget.value }, [field])}
      error={errorOf(field)}
      {...extra}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        const body = bodyOf(values);
        if (Object.keys(fieldErrorsByPath(facilityUpdate, body)).length > 0) return;
        update.mutate(
          { id: facility.id, body },
          {
            onSuccess: () => {
              notifySuccess(MESSAGES.actionSuccessful);
              onDone();
            },
            onError: (error) => {
              if (isApiError(error) && error.status === 400) {
                setServerErrors(Object.fromEntries(Object.entries(error.errors).map(([k, m]) => [k, m[0] ?? error.message])));
                notifyError(actionFailMessage(error));
              } else {
                notifyError(error);
              }
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Facility number"
            value={values.facility_number}
            readOnly
            maxLength={LIMITS.facilityNumberLength}
            description="Set by the body; it cannot be changed here."
            error={errorOf('facility_number')}
          />
          {text('billing_email', 'Billing email', { type: 'email', autoComplete: 'email' })}
        </SimpleGrid>
        {text('address', 'Address', { autoComplete: 'street-address' })}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          {text('suburb', 'Suburb')}
          <StateSelect value={values.state} onChange={(value) => change({ state: value }, ['state'])} error={errorOf('state')} />
        </SimpleGrid>

        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text component="legend" fw={600} size="sm" mb={4}>
            Contacts
          </Text>
          {values.contacts.length === 0 && (
            <Text size="sm" c="dimmed">
              No contacts yet.
            </Text>
          )}
          {values.contacts.map((contact, index) => (
            <Group key={contact.key} align="flex-start" gap="sm" wrap="nowrap">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" style={{ flex: 1 }}>
                <TextInput
                  label={`Contact ${index + 1} name`}
                  value={contact.name}
                  onChange={(event) => setContact(index, { name: event.currentTarget.value })}
                  error={errorOf(`contacts.${index}.name`)}
                  autoComplete="off"
                />
                <TextInput
                  label={`Contact ${index + 1} phone`}
                  type="tel"
                  value={contact.phone}
                  onChange={(event) => setContact(index, { phone: event.currentTarget.value })}
                  error={errorOf(`contacts.${index}.phone`)}
                  autoComplete="off"
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={26}
                aria-label={`Remove contact ${index + 1}`}
                onClick={() =>
                  // The rows after it move up: the server's contact errors no longer point at them.
                  change(
                    { contacts: values.contacts.filter((_, i) => i !== index) },
                    Object.keys(serverErrors).filter((k) => k.startsWith('contacts')),
                  )
                }
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          {errorOf('contacts') && (
            <Text size="sm" c="red.8" role="alert">
              {errorOf('contacts')}
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => change({ contacts: [...values.contacts, row()] }, ['contacts'])}
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
