import { ActionIcon, Anchor, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PAGE_SIZES, pathTo, PUBLICATION_MESSAGES, ROUTES, type PublicationItem } from '@portal/shared';
import { CardHeader } from '../../../components/card-header';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageTitle } from '../../../components/page-title';
import { formatDate } from '../../../lib/dates';
import { useListParams } from '../../../lib/list-params';
import { usePublications, downloadPublication } from '../api';
import { SubscriptionsCard } from '../components/subscriptions-card';

const columns: DataColumn<PublicationItem>[] = [
  {
    title: 'Name',
    render: (p) => (
      <Stack gap={2}>
        <Anchor
          component={Link}
          to={pathTo('publication', { id: p.id })}
          size="sm"
          fw={500}
          style={{ overflowWrap: 'anywhere' }}
        >
          {p.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {p.category.name} › {p.subcategory.name}
        </Text>
      </Stack>
    ),
  },
  { title: 'Date Updated', render: (p) => formatDate(p.updated_at), width: 130 },
  {
    title: 'Actions',
    hiddenTitle: true,
    width: 96,
    render: (p) => (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label="View">
          <ActionIcon
            component={Link}
            to={pathTo('publication', { id: p.id })}
            variant="subtle"
            aria-label={`View ${p.name}`}
          >
            <IconEye size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Download">
          <ActionIcon variant="subtle" aria-label={`Download ${p.name}`} onClick={() => void downloadPublication(p.id)}>
            <IconDownload size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  },
];

/** The 'Recently updated' table: 10 a page, paged by the server. */
function RecentCard() {
  const params = useListParams({ perPage: PAGE_SIZES.publications, perPageOptions: [PAGE_SIZES.publications] });
  const list = usePublications(params.page, params.perPage);
  const title = PUBLICATION_MESSAGES.recentTitle;
  return (
    <Card component="section" aria-label={title}>
      <CardHeader title={title} icon={<IconHistory size={20} />} />
      {list.isError ? (
        <LoadFailedAlert
          title="The publications could not be loaded."
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <DataTable
          label={title}
          columns={columns}
          rows={list.data?.data}
          rowKey={(p) => p.id}
          loading={list.isLoading}
          stale={list.isPlaceholderData}
          empty={PUBLICATION_MESSAGES.noRecent}
          minWidth={520}
          paging={{
            page: params.page,
            perPage: params.perPage,
            total: list.data?.total ?? 0,
            onPageChange: params.setPage,
          }}
        />
      )}
    </Card>
  );
}

/** /publications (spec/02 "Publications and subscriptions"): the recently updated, and the user's subscriptions. */
export default function PublicationsPage() {
  return (
    <>
      <PageTitle title={ROUTES.publications.title} />
      <Stack gap="lg">
        <RecentCard />
        <SubscriptionsCard />
      </Stack>
    </>
  );
}
