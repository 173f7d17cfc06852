import { Loader, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ROUTES } from '@portal/shared';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { PageTitle } from '../../components/page-title';
import { dropReportRecipients, REPORT_RECIPIENTS_PARAM, reportRecipientsIn } from '../../lib/report-recipients';
import { useNoticeLog } from './api';
import { PastNotices } from './past-notices';
import { SendNoticeForm } from './send-notice-form';

/** /admin/notifications: tabs Send Notification and Past Notifications (the tab in the address). */
export default function AdminNotificationsPage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'past' ? 'past' : 'send';
  // The first page of the log also says whom this admin sends to.
  const log = useNoticeLog(1, 5);
  return (
    <>
      <PageTitle title={ROUTES.adminNotifications.title} description="Send a notification and see those sent before." />
      <Tabs
        value={tab}
        onChange={(next) => {
          // The report's users stay with the page while the tabs change.
          const to = search.get(REPORT_RECIPIENTS_PARAM);
          setSearch(
            { ...(next === 'past' ? { tab: 'past' } : {}), ...(to ? { [REPORT_RECIPIENTS_PARAM]: to } : {}) },
            {
              replace: true,
            },
          );
        }}
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
            <SendNoticeForm
              audiences={log.data.audiences}
              report={reportRecipientsIn(search)}
              onReportDone={() => {
                dropReportRecipients();
                setSearch(
                  (current) => {
                    const next = new URLSearchParams(current);
                    next.delete(REPORT_RECIPIENTS_PARAM);
                    return next;
                  },
                  { replace: true },
                );
              }}
            />
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
