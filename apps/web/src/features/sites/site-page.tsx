import { useState } from 'react';
import { Anchor, Badge, Button, Card, Center, Loader, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconAddressBook, IconBuildingFactory2, IconPencil, IconUserCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  BODY_NAME,
  JOB_STATUS_FILTER,
  JOB_STATUS_LABELS,
  PAGE_SIZES,
  pathTo,
  ROUTES,
  type JobStatus,
  type Site,
} from '@portal/shared';
import { DetailCard, emailLink } from '../../components/detail-card';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { useRecordCrumbs } from '../../components/page-crumbs';
import { PageTitle } from '../../components/page-title';
import { RecordNotFound } from '../../components/record-not-found';
import { isMissingRecord } from '../../lib/api-client';
import { idFromPath } from '../../lib/route-id';
import { useSession } from '../../lib/session';
import { DocumentsPanel, type DocumentTab } from '../../components/documents/documents-panel';
import { useJobs } from '../../lib/jobs-query';
import { useListParams } from '../../lib/list-params';
import { JobsTable } from '../../components/jobs-table';
import { siteDocumentsKey, uploadSiteDocument, useSite, useSiteDocuments } from './api';
import { CONTACT_MODAL_TITLE, SiteContactModal } from './site-contact-modal';
import { FilterBar } from '../../components/filter-bar';

export const SITE_TABS = { received: 'Received Site Documents', submitted: 'Submitted Site Documents' } as const;

/** The site page's status filter, in the spec's order: In progress, Planned, Complete, Cancel. */
const STATUS_OPTIONS = JOB_STATUS_FILTER.map((status) => ({ value: String(status), label: JOB_STATUS_LABELS[status] }));

const BODY = BODY_NAME.charAt(0).toUpperCase() + BODY_NAME.slice(1);

function statusOf(value: string): JobStatus | undefined {
  const status = Number(value);
  return (JOB_STATUS_FILTER as readonly number[]).includes(status) ? (status as JobStatus) : undefined;
}

function SiteCards({ site, onEdit }: { site: Site; onEdit: (() => void) | null }) {
  const cc = site.client_coordinator;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <DetailCard
        title="Site Details"
        icon={<IconBuildingFactory2 size={20} />}
        details={[
          { label: 'Site number', value: site.site_number },
          { label: 'Name', value: site.name },
          { label: 'Status', value: site.status },
          {
            label: 'Facility',
            value: (
              <Anchor component={Link} to={`/facility/${site.facility.id}`} size="sm">
                {site.facility.name} ({site.facility.facility_number})
              </Anchor>
            ),
          },
          { label: 'Post code', value: site.post_code },
          { label: 'Country', value: site.country },
        ]}
      />
      <DetailCard
        title="Contact Details"
        icon={<IconAddressBook size={20} />}
        details={[
          { label: 'Email', value: emailLink(site.email) },
          { label: 'Phone', value: site.phone },
          { label: 'Address', value: site.address },
          { label: 'Suburb', value: site.suburb },
          { label: 'State', value: site.state },
          ...(site.contacts.length > 0
            ? [
                {
                  label: site.contacts.length === 1 ? 'Contact' : 'Contacts',
                  value: site.contacts.map((c) => [c.name, c.phone].filter(Boolean).join(', ')).join('; '),
                },
              ]
            : []),
        ]}
      >
        {onEdit && (
          <Button
            variant="light"
            size="xs"
            mt="md"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onEdit}
            style={{ alignSelf: 'flex-start' }}
          >
            {CONTACT_MODAL_TITLE}
          </Button>
        )}
      </DetailCard>
      <DetailCard
        title="Accreditation Specialist"
        icon={<IconUserCheck size={20} />}
        details={[
          { label: 'Name', value: cc.names },
          { label: 'Phone', value: cc.phone },
          { label: 'Email', value: emailLink(cc.email) },
        ]}
      />
    </SimpleGrid>
  );
}

/** /site/{id}: site, contact and specialist cards, the site's jobs and its documents (spec/01 2.7). */
export default function SitePage() {
  const params = useParams();
  const siteId = idFromPath(params.id);
  const { currentRole } = useSession();
  const queryClient = useQueryClient();
  const list = useListParams({ perPage: PAGE_SIZES.jobs, perPageOptions: [PAGE_SIZES.jobs] });
  const [editing, setEditing] = useState(false);
  const status = statusOf(list.filter('status'));
  const page = list.page;

  const site = useSite(siteId);
  useRecordCrumbs(
    site.data
      ? {
          facility: { label: site.data.facility.name, to: pathTo('facility', { id: site.data.facility.id }) },
          site: { label: site.data.name },
        }
      : null,
  );
  const jobs = useJobs({ role: currentRole, site_id: siteId ?? undefined, status, page }, site.isSuccess);
  const docs = useSiteDocuments(siteId, site.isSuccess);

  const setFilter = list.set;

  if (siteId === null || isMissingRecord(site.error)) {
    return (
      <RecordNotFound
        title="Site not found"
        text="This site does not exist, or you do not represent it."
        backTo={ROUTES.facilities.path}
        backLabel="Back to facilities"
      />
    );
  }
  if (site.isError) {
    return (
      <LoadFailedAlert title="The site could not be loaded" error={site.error} onRetry={() => void site.refetch()} />
    );
  }
  if (!site.data) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading the site" />
      </Center>
    );
  }

  const data = site.data;
  const columns = { description: true, review: false };
  const tabs: DocumentTab[] = [
    {
      value: 'received',
      label: SITE_TABS.received,
      documents: docs.data?.received ?? [],
      total: docs.data?.total.received,
      columns,
    },
    {
      value: 'submitted',
      label: SITE_TABS.submitted,
      documents: docs.data?.submitted ?? [],
      total: docs.data?.total.submitted,
      columns,
    },
  ];

  return (
    <>
      <PageTitle
        title={data.name}
        badge={
          data.status && (
            <Badge variant="light" size="lg">
              {data.status}
            </Badge>
          )
        }
        description={`Site ${data.site_number} · ${data.facility.name}`}
        actions={
          <Button component={Link} to={`/facility/${data.facility.id}`} variant="default">
            Back to facility
          </Button>
        }
      />
      <Stack gap="lg">
        <SiteCards site={data} onEdit={data.abilities['sites.site.update'] ? () => setEditing(true) : null} />

        <Card component="section" aria-label="Site jobs">
          <Title order={2} size="h4" mb="sm">
            Jobs
          </Title>
          <FilterBar active={status !== undefined} onClear={() => setFilter({ status: null })}>
            <Select
              label="Status"
              placeholder="All statuses"
              data={STATUS_OPTIONS}
              value={status ? String(status) : null}
              onChange={(value) => setFilter({ status: value })}
              clearable
              w={{ base: '100%', xs: 220 }}
            />
          </FilterBar>
          <JobsTable
            data={jobs.data}
            loading={jobs.isPending}
            stale={jobs.isPlaceholderData && jobs.isFetching}
            variant="facility"
            page={page}
            onPageChange={(p) => setFilter({ page: p })}
            label={`Jobs of ${data.name}`}
            emptyText={
              status ? `No ${JOB_STATUS_LABELS[status].toLowerCase()} jobs at this site.` : 'This site has no jobs yet.'
            }
          />
        </Card>

        <Card component="section" aria-label="Site documents">
          {docs.isError ? (
            <LoadFailedAlert
              title="The documents of this site could not be loaded"
              onRetry={() => void docs.refetch()}
            />
          ) : (
            <DocumentsPanel
              tabs={tabs}
              loading={docs.isPending}
              basePath="/sitedocuments"
              uploaderFallback={BODY}
              upload={
                data.abilities['sites.document.upload']
                  ? {
                      send: (file, description, options) => uploadSiteDocument(data.id, file, description, options),
                      onUploaded: () => void queryClient.invalidateQueries({ queryKey: siteDocumentsKey(data.id) }),
                    }
                  : undefined
              }
            />
          )}
        </Card>

        <SiteContactModal site={data} opened={editing} onClose={() => setEditing(false)} />
      </Stack>
    </>
  );
}
