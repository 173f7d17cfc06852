import type { ReactNode } from 'react';
import { ActionIcon, Button, Card, Group, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
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

/** The three cards, as a fragment for the caller's grid. */
export function AssessorCards({ form }: { form: Form }) {
  return (
    <>
      <RowsCard form={form} kind="emails" title="Email Details" blank={{ Type: 'Work', email: '' }}>
        {(i) => (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Type" {...form.getInputProps(`user_info.emails.${i}.Type`)} />
            <TextInput label="Email" type="email" required {...form.getInputProps(`user_info.emails.${i}.email`)} />
          </SimpleGrid>
        )}
      </RowsCard>
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
      <RowsCard
        form={form}
        kind="addresses"
        title="Address Details"
        blank={{ Type: 'Home', AddressLine: '', Country: 'Australia', State: 'NSW', Suburb: '', Postcode: '' }}
      >
        {(i) => (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Type" {...form.getInputProps(`user_info.addresses.${i}.Type`)} />
            <TextInput label="Address line" required {...form.getInputProps(`user_info.addresses.${i}.AddressLine`)} />
            <TextInput label="Country" required {...form.getInputProps(`user_info.addresses.${i}.Country`)} />
            <TextInput label="State" {...form.getInputProps(`user_info.addresses.${i}.State`)} />
            <TextInput label="Suburb" required {...form.getInputProps(`user_info.addresses.${i}.Suburb`)} />
            <TextInput
              label="Post code"
              required
              inputMode="numeric"
              {...form.getInputProps(`user_info.addresses.${i}.Postcode`)}
            />
          </SimpleGrid>
        )}
      </RowsCard>
    </>
  );
}
