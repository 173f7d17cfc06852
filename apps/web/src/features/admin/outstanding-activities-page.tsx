import { Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconUserCheck, IconUserEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canEnter, ROUTES, type RouteName } from '@portal/shared';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';
import { useUserRequests } from './api';

const LINKS: {
  route: RouteName;
  type: 'create' | 'update';
  label: string;
  text: string;
  icon: typeof IconUserCheck;
}[] = [
  {
    route: 'adminPendingRegistrationAll',
    type: 'create',
    label: 'All Pending Registrations',
    text: 'Registrations waiting for approval.',
    icon: IconUserCheck,
  },
  {
    route: 'adminPendingProfileChangeAll',
    type: 'update',
    label: 'All Pending Profile Changes',
    text: 'Profile changes waiting for approval.',
    icon: IconUserEdit,
  },
];

/** How many requests of a kind wait for this admin to decide (not those another admin decides, nor their own). */
function PendingCount({ type, label }: { type: 'create' | 'update'; label: string }) {
  const list = useUserRequests({ type, page: 1, perPage: 1 });
  if (list.isLoading) return <Loader size="xs" aria-label={`Counting ${label.toLowerCase()}`} />;
  if (!list.data) return null;
  return (
    <Badge
      size="lg"
      variant={list.data.decidable_total ? 'filled' : 'light'}
      color={list.data.decidable_total ? 'red' : 'gray'}
      aria-label={`${list.data.decidable_total} pending`}
    >
      {list.data.decidable_total}
    </Badge>
  );
}

/** /admin/outstanding-activities: the admin's landing page, with the counts of what waits for them. */
export default function OutstandingActivitiesPage() {
  const { currentRole } = useSession();
  const backOffice = canEnter(ROUTES.adminPublications.path, currentRole);
  return (
    <>
      <PageTitle
        title={ROUTES.adminOutstandingActivities.title}
        description="Requests that wait for an administrator."
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={880}>
        {LINKS.map(({ route, type, label, text, icon: Icon }) => (
          <Card key={route} p={0}>
            <UnstyledButton component={Link} to={ROUTES[route].path} p="lg" style={{ display: 'block' }}>
              <Group justify="space-between" wrap="nowrap">
                <Group wrap="nowrap" gap="md">
                  <ThemeIcon variant="light" size={44} radius="md">
                    <Icon size={24} />
                  </ThemeIcon>
                  <Stack gap={2}>
                    <Text fw={600}>{label}</Text>
                    <Text size="sm" c="dimmed">
                      {text}
                    </Text>
                  </Stack>
                </Group>
                <Group gap="sm" wrap="nowrap">
                  <PendingCount type={type} label={label} />
                  <IconChevronRight size={18} aria-hidden />
                </Group>
              </Group>
            </UnstyledButton>
          </Card>
        ))}
      </SimpleGrid>
      {backOffice && (
        <Text size="sm" mt="lg">
          The body&apos;s records:{' '}
          <Anchor component={Link} to={ROUTES.adminPublications.path}>
            {ROUTES.adminPublications.title}
          </Anchor>
        </Text>
      )}
    </>
  );
}
