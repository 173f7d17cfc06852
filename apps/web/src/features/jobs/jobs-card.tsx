import { Anchor, Card, Group, Loader, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PAGE_SIZES, pathTo, ROUTES, type JobList, type Role } from '@portal/shared';
import { JobStatusBadge } from '../components/job-status-badge';
import { api } from '../lib/api-client';
import { formatDate } from '../lib/dates';
import { isSignedIn, useSession } from '../lib/session';

export const JOBS_CARD_TITLE = 'Jobs';

/** The jobs view of a role: an AR's own table, or the assessors' one for a TA or LA (spec/01 2.6). */
export function jobsRoleOf(role: Role | null): 'AR' | 'TA' | null {
  if (role === 'AR') return 'AR';
  if (role === 'TA' || role === 'LA') return 'TA';
  return null;
}

/** GET /jobs?role=&per_page=5: the first 5, newest visit first. Under ['jobs'] so a jobs change refreshes it. */
function useDashboardJobs() {
  const session = useSession();
  const role = jobsRoleOf(session.currentRole);
  return useQuery({
    queryKey: ['jobs', 'dashboard', role],
    queryFn: ({ signal }) => api.get<JobList>('/jobs', { query: { role: role ?? undefined, per_page: PAGE_SIZES.dashboard }, signal }),
    enabled: isSignedIn(session) && role !== null,
  });
}

/** The dashboard's Jobs card (AR, TA): the first 5 jobs (spec/01 2.5). */
export function JobsCard() {
  const jobs = useDashboardJobs();
  const list = jobs.data?.data.slice(0, PAGE_SIZES.dashboard) ?? [];

  return (
    <Card component="section" aria-label={JOBS_CARD_TITLE} h="100%">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="lg" radius="md">
          <IconClipboardList size={20} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {JOBS_CARD_TITLE}
        </Title>
      </Group>
      {jobs.isLoading ? (
        <Loader size="sm" aria-label="Loading jobs" />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm">
          {jobs.isError ? 'The jobs could not be loaded.' : 'You have no jobs yet.'}
        </Text>
      ) : (
        <Table aria-label={JOBS_CARD_TITLE} verticalSpacing={6} horizontalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Job Number</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>Visit Date</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td>
                  <Anchor component={Link} to={pathTo('job', { id: job.id })} size="sm" fw={500}>
                    {job.job_number}
                  </Anchor>
                  {/* The site sits under the number, so the card fits a phone without sideways scrolling. */}
                  <Text size="xs" c="dimmed" lineClamp={1} title={job.site.name}>
                    {job.site.name}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(job.visit_date)}</Table.Td>
                <Table.Td>
                  <JobStatusBadge status={job.status} label={job.status_label} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end" mt="sm">
        <Anchor component={Link} to={ROUTES.jobs.path} size="sm" fw={500}>
          View all jobs
        </Anchor>
      </Group>
    </Card>
  );
}
