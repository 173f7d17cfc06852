import { Loader, Tabs } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router';
import { ROUTES } from '@portal/shared';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { PageTitle } from '../../components/page-title';
import { useNoticeLog } from './api';
import { PastNotices } from './past-notices';
import { reportRecipientsOf } from './report-recipients';
import { SendNoticeForm } from './send-notice-form';

/** /admin/notifications: tabs Send Notification and Past Notifications (the tab in the address). */
export default function AdminNotificationsPage() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const tab = search.get('tab') === 'past' ? 'past' : 'send';
  // The first page of the log also says whom this admin sends to.
  const log = useNoticeLog(1, 5);
  return (
    <>
      <PageTitle title={ROUTES.adminNotifications.title} description="Send a notification and see those sent before." />
      <Tabs
        value={tab}
        onChange={(next) => setSearch(next === 'past' ? { tab: 'past' } : {}, { replace: true, state: location.state })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="send">Send Notification</Tabs.Tab>
          <Tabs.Tab value="past">Past Notifications</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="send">
          {log.isError ? (
            <LoadFailedAlert
              title="The form could not be loaded."
              error={log.error}
              onRetry={() => void log.refetch()}
            />
          ) : log.data ? (
            <SendNoticeForm audiences={log.data.audiences} report={reportRecipientsOf(location.state)} />
          ) : (
            <Loader size="sm" aria-label="Loading" />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="past">
          <PastNotices />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
