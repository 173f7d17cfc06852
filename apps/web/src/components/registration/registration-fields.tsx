import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import {
  LIMITS,
  padFacilityNumber,
  REGISTRATION_MESSAGES as M,
  REGISTRATION_PLACEHOLDERS as P,
  REGISTRATION_ROLES,
  ROLE_NAMES,
  USER_ADMIN_MESSAGES,
  siteLabel,
  type CommitteeNames,
  type FacilityLookup,
  type RegistrationCategories,
  type RegistrationInput,
  type Role,
} from '@portal/shared';
import { isApiError } from '../../lib/api-client';
import { StateSelect } from '../state-select';

/**
 * The parts of the registration form the visitor's wizard (/register) and the admin's Edit
 * Registration and Edit Personal Details share: roles, personal details, facility blocks with the
 * number lookup, the committee checklist and the subscription categories. The values follow the shared registration schema; a
 * facility also keeps the sites it offers (`allSites`, dropped by the schema before sending).
 * The fields make no calls: each feature passes its own (the lookup, the committee names, the
 * categories) from its api.ts.
 */

/** What a field shows from a query: TanStack Query's result fits it. */
export interface Loaded<T> {
  isLoading: boolean;
  isError: boolean;
  data?: T;
}

export type LookupFacility = (number: string) => Promise<FacilityLookup>;

export interface FacilityValues {
  /** React's key for the block. */
  key: number;
  facility_number: string;
  facility_name: string;
  sites: { id: number; value: string }[];
  allSites: { id: number; site_number: string; name: string }[];
}

export interface RegistrationValues extends Record<string, unknown> {
  email: string;
  first_name: string;
  last_name: string;
  roles: string[];
  title: string;
  mobile_number: string;
  address: string;
  billing_address: string;
  suburb: string;
  state: string | null;
  country: string;
  postcode: string;
  userId: string;
  facilities: FacilityValues[];
  committees: { id: number; value: string }[];
  subscriptions: { type: 'General'; selected: number[] };
  signature: { accept: boolean; name: string; title: string; date: string };
}

let nextKey = 1;
/** The committee checklist's heading (spec/02, Edit Personal Details), on the wizard and the admin's edit forms alike. */
const COMMITTEES_HEADING = 'Select at least One or More Committees if Applicable from the List of Committees';

export const emptyFacility = (): FacilityValues => ({
  key: nextKey++,
  facility_number: '',
  facility_name: '',
  sites: [],
  allSites: [],
});

export function emptyRegistration(): RegistrationValues {
  return {
    email: '',
    first_name: '',
    last_name: '',
    roles: [],
    title: '',
    mobile_number: '',
    address: '',
    billing_address: '',
    suburb: '',
    state: null,
    country: 'Australia',
    postcode: '',
    userId: '',
    facilities: [emptyFacility()],
    committees: [],
    subscriptions: { type: 'General', selected: [] },
    signature: { accept: false, name: '', title: '', date: '' },
  };
}

/** The values as the server takes them (registrationRequest / registrationEdit strip `allSites`). */
export function toRequest(v: RegistrationValues): RegistrationInput {
  return {
    ...v,
    state: v.state ?? undefined,
    billing_address: v.billing_address || undefined,
    suburb: v.suburb || undefined,
    country: v.country || undefined,
    postcode: v.postcode || undefined,
    userId: v.roles.includes('TA') ? v.userId : undefined,
    facilities: v.roles.includes('AR')
      ? v.facilities.map(({ facility_number, facility_name, sites }) => ({ facility_number, facility_name, sites }))
      : [],
    committees: v.roles.includes('CM') ? v.committees : [],
    roles: v.roles as RegistrationInput['roles'],
    subscriptions: v.subscriptions as RegistrationInput['subscriptions'],
  };
}

type Form = UseFormReturnType<RegistrationValues>;

/** The role checkboxes: the wizard's roles, or those an admin gives on Edit Personal Details. */
export function RolesField({
  form,
  roles = REGISTRATION_ROLES,
  description = 'Choose every role you hold.',
  label = 'Roles',
  grantable = roles,
}: {
  form: Form;
  roles?: readonly Role[];
  description?: string;
  /** 'User Roles' on the TA admin's Edit Personal Details, whose cards are titled. */
  label?: string;
  /** The roles this admin may grant or remove (the server's `grantable_roles`); the others are disabled. */
  grantable?: readonly Role[];
}) {
  const limited = roles.some((r) => !grantable.includes(r));
  return (
    <Checkbox.Group
      label={label}
      description={limited ? `${description} ${USER_ADMIN_MESSAGES.roleGrantHint}` : description}
      {...form.getInputProps('roles')}
    >
      <Group mt="xs" gap="lg">
        {roles.map((r) => (
          <Checkbox key={r} value={r} label={ROLE_NAMES[r]} disabled={!grantable.includes(r)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** Personal details; `billing` off for Edit Personal Details' flat form, which has no billing address. */
export function PersonalFields({ form, billing = true }: { form: Form; billing?: boolean }) {
  const ta = form.getValues().roles.includes('TA');
  const input = (key: keyof typeof P & keyof RegistrationValues, extra: Record<string, unknown> = {}) => (
    <TextInput label={P[key]} placeholder={P[key]} {...extra} {...form.getInputProps(key)} />
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {input('first_name', { required: true, autoComplete: 'given-name' })}
        {input('last_name', { required: true, autoComplete: 'family-name' })}
        {input('title', { required: true, autoComplete: 'organization-title' })}
        {input('mobile_number', { required: true, autoComplete: 'tel', inputMode: 'numeric' })}
        {input('email', { required: true, type: 'email', autoComplete: 'email' })}
        {ta && input('userId', { required: true })}
      </SimpleGrid>
      {input('address', { required: true, autoComplete: 'street-address' })}
      {billing && input('billing_address')}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {input('suburb', { autoComplete: 'address-level2' })}
        <StateSelect placeholder={P.state} {...form.getInputProps('state')} />
        {input('country', { autoComplete: 'country-name' })}
        {input('postcode', { autoComplete: 'postal-code', inputMode: 'numeric' })}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The facility blocks: a number (cut to 6, padded) looked up on Find or when the field is left; an
 * unknown or repeated number removes its block (spec), and says so through `onMessage`.
 */
export function FacilitiesFields({
  form,
  onMessage,
  lookupFacility,
}: {
  form: Form;
  onMessage: (message: string) => void;
  lookupFacility: LookupFacility;
}) {
  const facilities = form.getValues().facilities;
  const [busy, setBusy] = useState<number | null>(null);

  const removeOrClear = (index: number) => {
    if (form.getValues().facilities.length > 1) form.removeListItem('facilities', index);
    else form.setFieldValue('facilities', [emptyFacility()]);
  };

  const find = async (index: number) => {
    const f = form.getValues().facilities[index];
    if (!f) return;
    const number = padFacilityNumber(f.facility_number.slice(0, LIMITS.facilityNumberLength));
    if (f.facility_number.trim() === '') return;
    if (!number) {
      onMessage(M.facilityInvalid);
      removeOrClear(index);
      return;
    }
    // Already found.
    if (f.facility_name && f.facility_number === number) return;
    if (
      form
        .getValues()
        .facilities.some((other, i) => i !== index && other.facility_number === number && other.facility_name)
    ) {
      onMessage(M.facilityDuplicate);
      removeOrClear(index);
      return;
    }
    setBusy(f.key);
    try {
      const found = await lookupFacility(number);
      form.setFieldValue(`facilities.${index}`, {
        ...f,
        facility_number: found.facility_number,
        facility_name: found.name,
        allSites: found.sites,
        sites: [],
      });
    } catch (error) {
      onMessage(
        isApiError(error) && error.status === 404
          ? M.facilityInvalid
          : isApiError(error)
            ? error.message
            : M.facilityInvalid,
      );
      removeOrClear(index);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      {facilities.map((f, index) => (
        <Paper key={f.key} withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Title order={3} size="h5">
                Facility {index + 1}
              </Title>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove facility ${index + 1}`}
                disabled={facilities.length === 1}
                onClick={() => form.removeListItem('facilities', index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput
                label="Facility Number"
                placeholder="Facility Number"
                maxLength={LIMITS.facilityNumberLength}
                inputMode="numeric"
                rightSection={busy === f.key ? <Loader size="xs" /> : null}
                {...form.getInputProps(`facilities.${index}.facility_number`)}
                onChange={(e) => {
                  // A new number: the name and sites found for the old one no longer hold.
                  form.setFieldValue(`facilities.${index}`, {
                    ...f,
                    facility_number: e.currentTarget.value.slice(0, LIMITS.facilityNumberLength),
                    facility_name: '',
                    sites: [],
                    allSites: [],
                  });
                }}
                onBlur={() => void find(index)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void find(index);
                  }
                }}
              />
              <TextInput
                label="Facility Name"
                placeholder="Found from the facility number"
                readOnly
                {...form.getInputProps(`facilities.${index}.facility_name`)}
              />
            </SimpleGrid>
            {f.facility_name ? (
              <Checkbox.Group
                label="Sites"
                description="Choose the sites you represent."
                value={f.sites.map((s) => String(s.id))}
                error={form.errors[`facilities.${index}.sites`]}
                onChange={(ids) =>
                  form.setFieldValue(
                    `facilities.${index}.sites`,
                    f.allSites
                      .filter((s) => ids.includes(String(s.id)))
                      .map((s) => ({ id: s.id, value: siteLabel(s) })),
                  )
                }
              >
                <Stack gap={6} mt="xs">
                  {f.allSites.map((s) => (
                    <Checkbox key={s.id} value={String(s.id)} label={siteLabel(s)} />
                  ))}
                  {f.allSites.length === 0 && (
                    <Text size="sm" c="dimmed">
                      This facility has no sites.
                    </Text>
                  )}
                </Stack>
              </Checkbox.Group>
            ) : (
              <Button
                variant="light"
                leftSection={<IconSearch size={16} aria-hidden />}
                onClick={() => void find(index)}
                w="fit-content"
                disabled={!f.facility_number.trim()}
              >
                Find facility
              </Button>
            )}
          </Stack>
        </Paper>
      ))}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => form.insertListItem('facilities', emptyFacility())}
        w="fit-content"
      >
        Add Facility
      </Button>
    </Stack>
  );
}

export function CommitteesField({ form, names }: { form: Form; names: Loaded<CommitteeNames> }) {
  const chosen = form.getValues().committees;
  if (names.isLoading) return <Loader size="sm" aria-label="Loading committees" />;
  if (names.isError) return <Text c="red.8">The committees could not be loaded.</Text>;
  return (
    <Checkbox.Group
      label={COMMITTEES_HEADING}
      value={chosen.map((c) => String(c.id))}
      error={form.errors.committees}
      onChange={(ids) =>
        form.setFieldValue(
          'committees',
          (names.data?.data ?? []).filter((c) => ids.includes(String(c.id))).map((c) => ({ id: c.id, value: c.value })),
        )
      }
    >
      <Stack gap={6} mt="xs">
        {(names.data?.data ?? []).map((c) => (
          <Checkbox key={c.id} value={String(c.id)} label={c.value} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * Step 4: the publication categories from the server, each root with its subcategories. A root's box
 * chooses all of its subcategories (and shows when only some are chosen); the selection holds
 * subcategory ids (a root id sent before means all of its subcategories).
 */
export function SubscriptionsField({ form, categories }: { form: Form; categories: Loaded<RegistrationCategories> }) {
  const selected = form.getValues().subscriptions.selected;
  if (categories.isLoading) return <Loader size="sm" aria-label="Loading subscription categories" />;
  if (categories.isError) return <Text c="red.8">The subscription categories could not be loaded.</Text>;
  const roots = categories.data?.data ?? [];
  const chosen = (rootId: number, id: number) => selected.includes(id) || selected.includes(rootId);
  const set = (ids: number[]) => form.setFieldValue('subscriptions.selected', ids);
  /** The selection with every root id spelt out as its subcategories. */
  const expanded = () => roots.flatMap((r) => r.children.filter((c) => chosen(r.id, c.id)).map((c) => c.id));
  return (
    <Stack gap="sm">
      <div>
        <Text fw={500} size="sm">
          General Publications
        </Text>
        <Text size="xs" c="dimmed">
          Choose the categories you would like to subscribe to (optional).
        </Text>
      </div>
      {roots.length === 0 && (
        <Text size="sm" c="dimmed">
          There are no publication categories yet.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {roots.map((root) => {
          const count = root.children.filter((c) => chosen(root.id, c.id)).length;
          const all = root.children.length > 0 && count === root.children.length;
          return (
            <Paper key={root.id} withBorder p="sm" component="fieldset" style={{ margin: 0 }} aria-label={root.name}>
              <Checkbox
                label={root.name}
                fw={600}
                checked={all}
                indeterminate={count > 0 && !all}
                disabled={root.children.length === 0}
                onChange={() => {
                  const others = expanded().filter((id) => !root.children.some((c) => c.id === id));
                  set(all ? others : [...others, ...root.children.map((c) => c.id)]);
                }}
              />
              <Stack gap={6} mt="xs" pl="lg">
                {root.children.map((c) => (
                  <Checkbox
                    key={c.id}
                    label={c.name}
                    checked={chosen(root.id, c.id)}
                    onChange={(e) => {
                      const rest = expanded().filter((id) => id !== c.id);
                      set(e.currentTarget.checked ? [...rest, c.id] : rest);
                    }}
                  />
                ))}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/** A stored facility as the server gives it back (a registration, a user's details). */
interface StoredFacility {
  facility_number: string;
  facility_name: string;
  sites: { id: number; value: string }[];
}

/**
 * Stored facilities as the form's blocks, each with the sites its facility offers looked up again
 * (none when the lookup fails: the chosen sites stay); one empty block when there are none.
 */
export async function facilityBlocks(
  stored: StoredFacility[],
  lookupFacility: LookupFacility,
): Promise<FacilityValues[]> {
  const blocks = await Promise.all(
    stored.map(async (f) => {
      const found = await lookupFacility(f.facility_number).catch(() => null);
      return {
        ...emptyFacility(),
        facility_number: f.facility_number,
        facility_name: f.facility_name,
        sites: f.sites,
        allSites: found?.sites ?? [],
      };
    }),
  );
  return blocks.length ? blocks : [emptyFacility()];
}

/**
 * The cards an admin's edit form shows for the roles chosen (Edit Registration, Edit Personal
 * Details): the facility blocks for an AR, the committee checklist for a CM.
 */
export function RoleCards({
  form,
  onMessage,
  lookupFacility,
  committeeNames,
}: {
  form: Form;
  onMessage: (message: string) => void;
  lookupFacility: LookupFacility;
  committeeNames: Loaded<CommitteeNames>;
}) {
  const roles = form.getValues().roles;
  return (
    <>
      {roles.includes('AR') && (
        <Card component="section" aria-label="Facilities">
          <Title order={2} size="h5" mb="sm">
            Facilities
          </Title>
          <FacilitiesFields form={form} onMessage={onMessage} lookupFacility={lookupFacility} />
        </Card>
      )}
      {roles.includes('CM') && (
        <Card component="section" aria-label="Committees">
          <CommitteesField form={form} names={committeeNames} />
        </Card>
      )}
    </>
  );
}
