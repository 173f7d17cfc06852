import { Anchor } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PAGE_SIZES, pathTo, PUBLICATION_MESSAGES, ROUTES } from '@portal/shared';
import {
  DASHBOARD_TABLE_HEAD,
  DASHBOARD_TABLE_ROW,
  DashboardCard,
  NameDateTable,
} from '../../../components/dashboard-card';
import { formatDate } from '../../../lib/dates';
import { usePublications } from '../api';

export const RECENT_PUBLICATIONS_TITLE = 'Recent Publications';

/** The dashboard's 'Recent Publications' (spec/01 2.5, AR, TA and CM): the first 5, newest first. */
export function RecentPublicationsCard() {
  const list = usePublications(1, PAGE_SIZES.dashboard);
  const rows = list.data?.data.slice(0, PAGE_SIZES.dashboard) ?? [];
  return (
    <DashboardCard
      title={RECENT_PUBLICATIONS_TITLE}
      icon={<IconBooks size={20} />}
      loading={list.isLoading}
      loadingLabel="Loading recent publications"
      emptyText={
        rows.length > 0 ? null : list.isError ? 'The publications could not be loaded.' : PUBLICATION_MESSAGES.noRecent
      }
      rowHeight={DASHBOARD_TABLE_ROW}
      headHeight={DASHBOARD_TABLE_HEAD}
      viewAll={{ to: ROUTES.publications.path, label: 'View all publications' }}
    >
      <NameDateTable
        label={RECENT_PUBLICATIONS_TITLE}
        rows={rows.map((p) => ({
          key: p.id,
          name: (
            <Anchor
              component={Link}
              to={pathTo('publication', { id: p.id })}
              size="sm"
              fw={500}
              lineClamp={1}
              title={p.name}
            >
              {p.name}
            </Anchor>
          ),
          place: `${p.category.name} › ${p.subcategory.name}`,
          date: formatDate(p.updated_at),
        }))}
      />
    </DashboardCard>
  );
}
