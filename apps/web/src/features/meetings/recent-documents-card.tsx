import { Anchor } from '@mantine/core';
import { IconFolders } from '@tabler/icons-react';
import { PAGE_SIZES, ROUTES } from '@portal/shared';
import {
  DASHBOARD_TABLE_HEAD,
  DASHBOARD_TABLE_ROW,
  DashboardCard,
  NameDateTable,
} from '../../components/dashboard-card';
import { formatDate } from '../../lib/dates';
import { useCurrentCommitteeId, useMeetingDocuments } from './api';
import { downloadMeetingDocument } from './download';

export const RECENT_DOCUMENTS_TITLE = 'Recent Documents';

/** The CM dashboard's 'Recent Documents' (spec/01 2.5): the first 5 meeting documents the user may see, newest first. */
export function RecentDocumentsCard() {
  const committeeId = useCurrentCommitteeId();
  const list = useMeetingDocuments(committeeId, '', 1, PAGE_SIZES.dashboard);
  const rows = list.data?.data.slice(0, PAGE_SIZES.dashboard) ?? [];
  return (
    <DashboardCard
      title={RECENT_DOCUMENTS_TITLE}
      icon={<IconFolders size={20} />}
      loading={committeeId !== null && list.isLoading}
      loadingLabel="Loading recent documents"
      emptyText={
        rows.length > 0 ? null : list.isError ? 'The documents could not be loaded.' : 'No documents available!'
      }
      rowHeight={DASHBOARD_TABLE_ROW}
      headHeight={DASHBOARD_TABLE_HEAD}
      viewAll={{ to: ROUTES.meetingDocuments.path, label: 'View all meeting documents' }}
    >
      <NameDateTable
        label={RECENT_DOCUMENTS_TITLE}
        rows={rows.map((doc) => ({
          key: doc.id,
          name: (
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={500}
              ta="left"
              lineClamp={1}
              title={doc.name}
              onClick={() => void downloadMeetingDocument(doc.id)}
            >
              {doc.name}
            </Anchor>
          ),
          place: [doc.root_folder_name, doc.folder_name].filter(Boolean).join(' › '),
          date: formatDate(doc.updated_at),
        }))}
      />
    </DashboardCard>
  );
}
