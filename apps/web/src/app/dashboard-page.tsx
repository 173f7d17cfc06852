import { SimpleGrid, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isAdminRole, landingPathFor, PAGE_SIZES, ROUTES, type Role } from '@portal/shared';
import { PageTitle } from '../components/page-title';
import { PlaceholderCard } from '../components/placeholder-card';
import { useActiveUser } from '../features/auth/api';
import { InvoicesCard } from '../features/invoices/invoices-card';
import { jobsRoleOf } from '../features/jobs/api';
import { JobsCard } from '../features/jobs/jobs-card';
import { RecentDocumentsCard } from '../features/meetings/recent-documents-card';
import { NotificationsCard } from '../features/notifications/notifications-card';
import { UpcomingMeetingsCard } from '../features/calendar/upcoming-meetings-card';
import { useSession } from '../lib/session';

interface DashboardCard {
  title: string;
  roles: readonly Role[];
  icon: ReactNode;
  text: string;
}

/** The cards of spec/01 2.5 whose areas come later; each lists at most PAGE_SIZES.dashboard rows. */
const LATER_CARDS: DashboardCard[] = [
  { title: 'Recent Publications', roles: ['AR', 'TA', 'CM'], icon: <IconBooks size={20} />, text: `The ${PAGE_SIZES.dashboard} most recently updated publications will be listed here.` },
];

/** /dashboard, and / when signed in. Admins land on outstanding activities instead. */
export default function DashboardPage() {
  const { currentRole } = useSession();
  const activeUser = useActiveUser();
  if (currentRole && isAdminRole(currentRole)) return <Navigate to={landingPathFor(currentRole)} replace />;

  const firstName = activeUser.data?.user.first_name;
  const cards = LATER_CARDS.filter((card) => currentRole && card.roles.includes(currentRole));

  return (
    <>
      <PageTitle title={ROUTES.dashboard.title} description={firstName ? `Welcome back, ${firstName}.` : undefined} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <NotificationsCard />
        {jobsRoleOf(currentRole) && <JobsCard />}
        {currentRole === 'AR' && <InvoicesCard />}
        {currentRole === 'CM' && <UpcomingMeetingsCard />}
        {currentRole === 'CM' && <RecentDocumentsCard />}
        {cards.map((card) => (
          <PlaceholderCard key={card.title} title={card.title} icon={card.icon}>
            <Text span size="sm">
              {card.text} This part of the portal is coming soon.
            </Text>
          </PlaceholderCard>
        ))}
      </SimpleGrid>
    </>
  );
}
