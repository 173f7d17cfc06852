import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconUserCheck, IconUserEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROUTES, type RouteName } from '@portal/shared';
import { PageTitle } from '../../components/page-title';

const LINKS: { route: RouteName; label: string; text: string; icon: typeof IconUserCheck }[] = [
  { route: 'adminPendingRegistrationAll', label: 'All Pending Registrations', text: 'Registrations waiting for approval.', icon: IconUserCheck },
  { route: 'adminPendingProfileChangeAll', label: 'All Pending Profile Changes', text: 'Profile changes waiting for approval.', icon: IconUserEdit },
];

/** /admin/outstanding-activities: the admin's landing page. */
export default function OutstandingActivitiesPage() {
  return (
    <>
      <PageTitle title={ROUTES.adminOutstandingActivities.title} description="Requests that wait for an administrator." />
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={880}>
        {LINKS.map(({ route, label, text, icon: Icon }) => (
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
                <IconChevronRight size={18} aria-hidden />
              </Group>
            </UnstyledButton>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
