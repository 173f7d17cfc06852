import { SimpleGrid } from '@mantine/core';
import { Navigate } from 'react-router';
import { isAdminRole, landingPathFor, ROUTES, type Role } from '@portal/shared';
import { PageTitle } from '../components/page-title';
import { useActiveUser } from '../features/auth/api';
import { InvoicesCard } from '../features/invoices/invoices-card';
import { jobsRoleOf } from '../features/jobs/api';
import { JobsCard } from '../features/jobs/jobs-card';
import { RecentDocumentsCard } from '../features/meetings/recent-documents-card';
import { NotificationsCard } from '../features/notifications/notifications-card';
import { RecentPublicationsCard } from '../features/publications/components/recent-publications-card';
import { UpcomingMeetingsCard } from '../features/calendar/upcoming-meetings-card';
import { useSession } from '../lib/session';

/** spec/01 2.5: 'Recent Publications (AR, TA, CM)'. */
const RECENT_PUBLICATIONS_ROLES: readonly Role[] = ['AR', 'TA', 'CM'];

/** /dashboard, and / when signed in. Admins land on outstanding activities instead. */
export default function DashboardPage() {
  const { currentRole } = useSession();
  const activeUser = useActiveUser();
  if (currentRole && isAdminRole(currentRole)) return <Navigate to={landingPathFor(currentRole)} replace />;

  const firstName = activeUser.data?.user.first_name;

  return (
    <>
      <PageTitle title={ROUTES.dashboard.title} description={firstName ? `Welcome back, ${firstName}.` : undefined} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <NotificationsCard />
        {jobsRoleOf(currentRole) && <JobsCard />}
        {currentRole === 'AR' && <InvoicesCard />}
        {currentRole === 'CM' && <UpcomingMeetingsCard />}
        {currentRole === 'CM' && <RecentDocumentsCard />}
        {currentRole && RECENT_PUBLICATIONS_ROLES.includes(currentRole) && <RecentPublicationsCard />}
      </SimpleGrid>
    </>
  );
}
