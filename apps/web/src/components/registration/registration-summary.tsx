import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { REGISTRATION_PLACEHOLDERS as P, ROLE_NAMES, isRole, type RegistrationCategories } from '@portal/shared';
import { orDash } from '../empty-value';

export interface SummaryValues {
  email: string;
  first_name: string;
  last_name: string;
  roles: string[];
  title: string;
  mobile_number: string;
  address: string;
  billing_address?: string;
  suburb?: string;
  state?: string | null;
  country?: string;
  postcode?: string;
  userId?: string;
  facilities: { facility_number: string; facility_name: string; sites: { id: number; value: string }[] }[];
  committees: { id: number; value: string }[];
  subscriptions: { selected: number[] };
  signature?: { accept: boolean; name: string; title: string; date: string };
}

function Item({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {orDash(value)}
      </Text>
    </Stack>
  );
}

/** A registration as read back: the wizard's summary step and the admin's Pending Approval page. */
export function RegistrationSummary({
  values,
  categories,
  showSignature = true,
}: {
  values: SummaryValues;
  /** The publication categories (GET /register/categories), to name the chosen ones. */
  categories: RegistrationCategories['data'] | undefined;
  showSignature?: boolean;
}) {
  const labels = categoryLabels(categories);
  const subscriptions = values.subscriptions.selected.map((id) => labels.get(id) ?? `Category ${id}`);
  const ar = values.roles.includes('AR');
  const cm = values.roles.includes('CM');
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Roles
        </Title>
        <Group gap="xs">
          {values.roles.map((r) => (
            <Badge key={r} variant="light">
              {isRole(r) ? ROLE_NAMES[r] : r}
            </Badge>
          ))}
        </Group>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Personal details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
          <Item label={P.first_name} value={values.first_name} />
          <Item label={P.last_name} value={values.last_name} />
          <Item label={P.title} value={values.title} />
          <Item label={P.email} value={values.email} />
          <Item label={P.mobile_number} value={values.mobile_number} />
          {values.roles.includes('TA') && <Item label={P.userId} value={values.userId} />}
          <Item label={P.address} value={values.address} />
          <Item label={P.billing_address} value={values.billing_address} />
          <Item label={P.suburb} value={values.suburb} />
          <Item label={P.state} value={values.state} />
          <Item label={P.country} value={values.country} />
          <Item label={P.postcode} value={values.postcode} />
        </SimpleGrid>
      </Stack>
      {ar && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Facilities
          </Title>
          {values.facilities.map((f) => (
            <Stack key={f.facility_number} gap={2}>
              <Text size="sm" fw={600}>
                {f.facility_number} - {f.facility_name}
              </Text>
              {f.sites.map((s) => (
                <Text key={s.id} size="sm" pl="md">
                  {s.value}
                </Text>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
      {cm && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Committees
          </Title>
          {values.committees.map((c) => (
            <Text key={c.id} size="sm">
              {c.value}
            </Text>
          ))}
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={3} size="h5">
          Subscriptions
        </Title>
        {subscriptions.length === 0 && <Text size="sm">{orDash(null)}</Text>}
        {subscriptions.map((label) => (
          <Text key={label} size="sm">
            {label}
          </Text>
        ))}
      </Stack>
      {showSignature && values.signature && (values.signature.name || values.signature.accept) && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Signature
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Item label={P.signatureName} value={values.signature.name} />
            <Item label={P.signatureTitle} value={values.signature.title} />
            <Item label={P.signatureDate} value={values.signature.date} />
          </SimpleGrid>
          <Text size="sm">
            {values.signature.accept
              ? 'The terms and conditions were accepted.'
              : 'The terms and conditions were not accepted.'}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

/** 'Root › Subcategory' (or the root's own name) for each category id, to read a selection back. */
function categoryLabels(data: RegistrationCategories['data'] | undefined): Map<number, string> {
  const labels = new Map<number, string>();
  for (const root of data ?? []) {
    labels.set(root.id, root.name);
    for (const c of root.children) labels.set(c.id, `${root.name} › ${c.name}`);
  }
  return labels;
}
