import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBuildingFactory2, IconMapPinOff, IconPencil } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { pathTo, ROUTES, type FacilityDetail, type SiteSummary } from '@portal/shared';
import { CardHeader } from '../../components/card-header';
import { DataTable, type DataColumn } from '../../components/data-table';
import { useRecordCrumbs } from '../../components/page-crumbs';
import { PageTitle } from '../../components/page-title';
import { errorMessage, isMissingRecord } from '../../lib/api-client';
import { idFromPath } from '../../lib/route-id';
import { useFacility } from './api';
import { UPDATE_CONTACT_TITLE, UpdateContactModal } from './update-contact-modal';
import { addressLine } from './address';
import { orDash } from '../../components/empty-value';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lh={1.4}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {orDash(children)}
      </Text>
    </div>
  );
}

function FacilityDetailsCard({ facility }: { facility: FacilityDetail }) {
  const place = [addressLine(facility), facility.state, facility.country].filter(Boolean).join(', ');
  return (
    <Card component="section" aria-label="Facility Details">
      <CardHeader title="Facility Details" icon={<IconBuildingFactory2 size={20} />} mb="md" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
        <Field label="Facility number">{facility.facility_number}</Field>
        <Field label="Name">{facility.name}</Field>
        <Field label="Billing email">{facility.billing_email}</Field>
        <Field label="Address">{place}</Field>
        <Field label="Contacts">
          {facility.contacts.length > 0 && (
            <Stack gap={2}>
              {facility.contacts.map((c, i) => (
                <span key={i}>
                  {c.name}
                  {c.phone && <Text span size="sm" c="dimmed">{` · ${c.phone}`}</Text>}
                </span>
              ))}
            </Stack>
          )}
        </Field>
      </SimpleGrid>
    </Card>
  );
}

const siteColumns: DataColumn<SiteSummary>[] = [
  { title: 'Site Number', render: (s) => s.site_number },
  {
    title: 'Name',
    render: (s) => (
      <Anchor component={Link} to={pathTo('site', { id: s.id })} size="sm" fw={500}>
        {s.name}
      </Anchor>
    ),
  },
  {
    title: 'Status',
    render: (s) =>
      s.status ? (
        <Badge variant="light" color="gray" c="dark.6">
          {s.status}
        </Badge>
      ) : (
        ''
      ),
  },
  { title: 'Suburb', render: (s) => s.suburb ?? '' },
  { title: 'State', render: (s) => s.state ?? '' },
];

function NotFound() {
  return (
    <Card maw={560} role="alert">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon variant="light" color="gray" size={44} radius="md">
          <IconMapPinOff size={24} />
        </ThemeIcon>
        <Stack gap={6} align="flex-start">
          <Text fw={600}>Facility not found</Text>
          <Text size="sm" c="dimmed">
            This facility does not exist, or it is not one you represent.
          </Text>
          <Anchor component={Link} to={ROUTES.facilities.path} size="sm" fw={500}>
            Back to {ROUTES.facilities.title}
          </Anchor>
        </Stack>
      </Group>
    </Card>
  );
}

/** /facility/{id} (AR): the facility details card and its Sites table (spec/01 2.7). */
export default function FacilityPage() {
  const { id: rawId } = useParams();
  const id = idFromPath(rawId);
  const facility = useFacility(id);
  const [editing, setEditing] = useState(false);
  useRecordCrumbs(facility.data ? { facility: { label: facility.data.name } } : null);

  if (id === null || isMissingRecord(facility.error)) {
    return (
      <>
        <PageTitle title={ROUTES.facility.title} />
        <NotFound />
      </>
    );
  }

  if (facility.isError) {
    return (
      <>
        <PageTitle title={ROUTES.facility.title} />
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Error" maw={560}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(facility.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void facility.refetch()} loading={facility.isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </>
    );
  }

  if (!facility.data) {
    return (
      <>
        <PageTitle title={ROUTES.facility.title} />
        <Center p="xl">
          <Loader aria-label="Loading facility" />
        </Center>
      </>
    );
  }

  const f = facility.data;
  return (
    <>
      <PageTitle
        title={f.name}
        description={`Facility ${f.facility_number}`}
        actions={
          f.abilities['facilities.facility.update'] && (
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              {UPDATE_CONTACT_TITLE}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        <FacilityDetailsCard facility={f} />
        <Card component="section" aria-label="Sites" p={{ base: 'xs', sm: 'md' }}>
          <Title order={2} size="h4" mb="sm" px={{ base: 'xs', sm: 0 }} pt={{ base: 'xs', sm: 0 }}>
            Sites
          </Title>
          <DataTable
            label="Sites"
            columns={siteColumns}
            rows={f.sites}
            rowKey={(s) => s.id}
            empty="You do not represent any site of this facility."
            minWidth={560}
          />
        </Card>
      </Stack>
      <UpdateContactModal facility={editing ? f : null} onClose={() => setEditing(false)} />
    </>
  );
}
