import { useState } from 'react';
import { Anchor, Button, Card, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PAGE_SIZES, pathTo, ROUTES, type Facility } from '@portal/shared';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageTitle } from '../../components/page-title';
import { useListParams } from '../../lib/list-params';
import { placeLine } from './address';
import { useFacilities } from './api';
import { UpdateContactModal } from './update-contact-modal';

function Contacts({ contacts }: { contacts: Facility['contacts'] }) {
  if (contacts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Stack gap={2}>
      {contacts.map((c, i) => (
        <Text key={i} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {c.name}
          {c.phone && (
            <Text span size="sm" c="dimmed">
              {' · '}
              {c.phone}
            </Text>
          )}
        </Text>
      ))}
    </Stack>
  );
}

/** /facilities (AR): the facilities the AR represents, paged in SQL, each with its contact details to update. */
export default function FacilitiesPage() {
  const list = useListParams({ perPage: PAGE_SIZES.genericDefault });
  const [editing, setEditing] = useState<Facility | null>(null);
  const facilities = useFacilities(list.page, list.perPage);

  const columns: DataColumn<Facility>[] = [
    { title: 'Facility Number', render: (f) => f.facility_number },
    {
      title: 'Name',
      render: (f) => (
        <Anchor component={Link} to={pathTo('facility', { id: f.id })} size="sm" fw={500}>
          {f.name}
        </Anchor>
      ),
    },
    { title: 'Billing Email', render: (f) => f.billing_email ?? '' },
    {
      title: 'Address',
      render: (f) => (
        <>
          <div>{f.address}</div>
          <div>{placeLine(f)}</div>
        </>
      ),
    },
    { title: 'State', render: (f) => f.state ?? '' },
    { title: 'Contacts', render: (f) => <Contacts contacts={f.contacts} /> },
    {
      title: 'Actions',
      hiddenTitle: true,
      render: (f) =>
        f.abilities['facilities.facility.update'] && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            aria-label={`Edit ${f.name}`}
            onClick={() => setEditing(f)}
          >
            Edit
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageTitle
        title={ROUTES.facilities.title}
        description="The facilities you represent. Open one to see its sites."
      />
      <Card p={{ base: 'xs', sm: 'md' }}>
        <DataTable
          label="Facilities"
          columns={columns}
          rows={facilities.data?.data}
          rowKey={(f) => f.id}
          loading={facilities.isLoading}
          stale={facilities.isPlaceholderData}
          empty={facilities.isError ? 'The facilities could not be loaded.' : 'You do not represent any facility yet.'}
          minWidth={900}
          paging={facilities.data && list.paging(facilities.data.total)}
        />
      </Card>
      <UpdateContactModal facility={editing} onClose={() => setEditing(null)} />
    </>
  );
}
