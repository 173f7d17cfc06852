import type { ReactNode } from 'react';
import { ActionIcon, Button, Card, Group, Menu, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/**
 * An assessor's Email Details, Phone Details and Address Details cards, each row with its primary
 * radio: the assessor's Edit Profile and the TA admin's Edit Personal Details share them.
 */

export interface AssessorCardValues {
  emails: { Type: string; email: string; isPrimary: boolean }[];
  phones: { Type: string; countryCode: string; phoneNumber: string; isPrimary: boolean }[];
  addresses: {
    Type: string;
    AddressLine: string;
    Country: string;
    State: string;
    Suburb: string;
    Postcode: string;
    isPrimary: boolean;
  }[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form holding `user_info`
type Form = UseFormReturnType<any>;
type Group = keyof AssessorCardValues;

/** Choosing one primary row unsets the others of the same kind (spec/02 section 4). */
function setPrimary(form: Form, kind: Group, index: number) {
  const rows = ((form.getValues() as { user_info?: AssessorCardValues }).user_info?.[kind] ?? []) as {
    isPrimary: boolean;
  }[];
  form.setFieldValue(`user_info.${kind}`, rows.map((r, i) => ({ ...r, isPrimary: i === index })) as never);
}

function RowsCard({
  form,
  kind,
  title,
  blank,
  children,
}: {
  form: Form;
  kind: Group;
  title: string;
  blank: object;
  children: (index: number) => ReactNode;
}) {
  const rows = ((form.getValues() as { user_info?: AssessorCardValues }).user_info?.[kind] ?? []) as {
    isPrimary: boolean;
  }[];
  const error = form.errors[`user_info.${kind}`];
  return (
    <Card component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => form.insertListItem(`user_info.${kind}`, { ...blank, isPrimary: rows.length === 0 } as never)}
        >
          Add
        </Button>
      </Group>
      <Stack gap="md">
        {rows.map((row, index) => (
          <Stack key={index} gap="xs" pb="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            {children(index)}
            <Group justify="space-between">
              <Radio
                label="Primary"
                name={`${kind}-primary`}
                checked={row.isPrimary}
                onChange={() => setPrimary(form, kind, index)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${title.toLowerCase()} ${index + 1}`}
                onClick={() => form.removeListItem(`user_info.${kind}`, index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Stack>
        ))}
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            None yet.
          </Text>
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function EmailCard({ form }: { form: Form }) {
  return (
    <RowsCard form={form} kind="emails" title="Email Details" blank={{ Type: 'Work', email: '' }}>
      {(i) => (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Type" {...form.getInputProps(`user_info.emails.${i}.Type`)} />
          <TextInput label="Email" type="email" required {...form.getInputProps(`user_info.emails.${i}.email`)} />
        </SimpleGrid>
      )}
    </RowsCard>
  );
}

function PhoneCard({ form }: { form: Form }) {
  return (
    <RowsCard
      form={form}
      kind="phones"
      title="Phone Details"
      blank={{ Type: 'Mobile', countryCode: '+61', phoneNumber: '' }}
    >
      {(i) => (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Type" {...form.getInputProps(`user_info.phones.${i}.Type`)} />
          <TextInput label="Country code" required {...form.getInputProps(`user_info.phones.${i}.countryCode`)} />
          <TextInput
            label="Number"
            required
            inputMode="numeric"
            {...form.getInputProps(`user_info.phones.${i}.phoneNumber`)}
          />
        </SimpleGrid>
      )}
    </RowsCard>
  );
}

const BLANK_ADDRESS = { AddressLine: '', Country: 'Australia', State: 'NSW', Suburb: '', Postcode: '' };

/** An address's fields; the Type is typed in the rows layout and is the card's title in the per-type one. */
function AddressFields({ form, index, withType }: { form: Form; index: number; withType: boolean }) {
  const at = (field: string) => form.getInputProps(`user_info.addresses.${index}.${field}`);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {withType && <TextInput label="Type" {...at('Type')} />}
      <TextInput label="Address line" required {...at('AddressLine')} />
      <TextInput label="Country" required {...at('Country')} />
      <TextInput label="State" {...at('State')} />
      <TextInput label="Suburb" required {...at('Suburb')} />
      <TextInput label="Post code" required inputMode="numeric" {...at('Postcode')} />
    </SimpleGrid>
  );
}

/** The types offered by Add Address in the per-type layout; a type the data holds gets its card too. */
const ADDRESS_TYPES = ['Home', 'Work', 'Postal'];

const typeOf = (row: { Type: string }) => row.Type.trim() || 'Other';

/**
 * One card per address type (spec/02 section 2, the TA admin's Edit Personal Details), each
 * address with its primary radio; the radios of every card are one group, so one address is the
 * primary. Rows keep their place in `user_info.addresses`: a card shows the indexes of its type.
 */
function AddressCardsByType({ form }: { form: Form }) {
  const rows = (form.getValues() as { user_info?: AssessorCardValues }).user_info?.addresses ?? [];
  const types = [...new Set(rows.map(typeOf))];
  const error = form.errors['user_info.addresses'];
  const add = (Type: string) =>
    form.insertListItem('user_info.addresses', { ...BLANK_ADDRESS, Type, isPrimary: rows.length === 0 } as never);
  return (
    <>
      {types.map((type) => {
        const title = `${type} Address`;
        const indexes = rows.flatMap((r, i) => (typeOf(r) === type ? [i] : []));
        return (
          <Card component="section" aria-label={title} key={type}>
            <Title order={2} size="h5" mb="sm">
              {title}
            </Title>
            <Stack gap="md">
              {indexes.map((index, n) => (
                <Stack key={index} gap="xs">
                  <Radio
                    label="Primary"
                    name="addresses-primary"
                    checked={rows[index]!.isPrimary}
                    onChange={() => setPrimary(form, 'addresses', index)}
                  />
                  <AddressFields form={form} index={index} withType={false} />
                  <Group justify="flex-end">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${title.toLowerCase()}${indexes.length > 1 ? ` ${n + 1}` : ''}`}
                      onClick={() => form.removeListItem('user_info.addresses', index)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Stack>
              ))}
            </Stack>
          </Card>
        );
      })}
      <Card component="section" aria-label="Add Address">
        <Stack gap="xs">
          <Menu position="bottom-start">
            <Menu.Target>
              <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} w="fit-content">
                Add Address
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {ADDRESS_TYPES.map((type) => (
                <Menu.Item key={type} onClick={() => add(type)}>
                  {type} Address
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {rows.length === 0 && (
            <Text size="sm" c="dimmed">
              No address yet.
            </Text>
          )}
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Card>
    </>
  );
}

/**
 * The cards, as a fragment for the caller's grid. `addresses`: one 'Address Details' card of typed
 * rows (Edit Profile), or one card per address type (the TA admin's Edit Personal Details).
 */
export function AssessorCards({ form, addresses = 'rows' }: { form: Form; addresses?: 'rows' | 'byType' }) {
  return (
    <>
      <EmailCard form={form} />
      <PhoneCard form={form} />
      {addresses === 'byType' ? (
        <AddressCardsByType form={form} />
      ) : (
        <RowsCard form={form} kind="addresses" title="Address Details" blank={{ Type: 'Home', ...BLANK_ADDRESS }}>
          {(i) => <AddressFields form={form} index={i} withType />}
        </RowsCard>
      )}
    </>
  );
}
