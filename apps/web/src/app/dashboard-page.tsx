import { SimpleGrid } from '@mantine/core';
import { Navigate } from 'react-router';
import { dashboardShows, landingPathFor, ROUTES } from '@portal/shared';
import { PageTitle } from '../components/page-title';
import { useActiveUser } from '../features/auth/api';
import { InvoicesCard } from '../features/invoices/invoices-card';
import { JobsCard } from '../features/jobs/jobs-card';
import { RecentDocumentsCard } from '../features/meetings/recent-documents-card';
import { NotificationsCard } from '../features/notifications/notifications-card';
import { RecentPublicationsCard } from '../features/publications/components/recent-publications-card';
import { UpcomingMeetingsCard } from '../features/calendar/upcoming-meetings-card';
import { useSession } from '../lib/session';

/** /dashboard, and / when signed in. Admins land on outstanding activities instead. */
export default function DashboardPage() {
  const { currentRole } = useSession();
  const activeUser = useActiveUser();
  if (currentRole && landingPathFor(currentRole) !== ROUTES.dashboard.path)
    return <Navigate to={landingPathFor(currentRole)} replace />;

  const firstName = activeUser.data?.user.first_name;

  return (
    <>
      <PageTitle title={ROUTES.dashboard.title} description={firstName ? `Welcome back, ${firstName}.` : undefined} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <NotificationsCard />
        {dashboardShows('jobs', currentRole) && <JobsCard />}
        {dashboardShows('invoices', currentRole) && <InvoicesCard />}
        {dashboardShows('upcomingMeetings', currentRole) && <UpcomingMeetingsCard />}
        {dashboardShows('recentDocuments', currentRole) && <RecentDocumentsCard />}
        {dashboardShows('recentPublications', currentRole) && <RecentPublicationsCard />}
      </SimpleGrid>
    </>
  );
}
