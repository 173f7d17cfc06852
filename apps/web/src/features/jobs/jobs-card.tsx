import { Anchor, Table, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PAGE_SIZES, pathTo, ROUTES } from '@portal/shared';
import { DASHBOARD_TABLE_HEAD, DASHBOARD_TABLE_ROW, DashboardCard } from '../../components/dashboard-card';
import { JobStatusBadge } from '../../components/job-status-badge';
import { formatDate } from '../../lib/dates';
import { isSignedIn, useSession } from '../../lib/session';
import { useJobs } from './api';

export const JOBS_CARD_TITLE = 'Jobs';

/** The dashboard's Jobs card (AR, TA, LA): the first 5 jobs, newest visit first (spec/01 2.5). */
export function JobsCard() {
  const session = useSession();
  const jobs = useJobs({ role: session.currentRole, per_page: PAGE_SIZES.dashboard }, isSignedIn(session));
  const list = jobs.data?.data.slice(0, PAGE_SIZES.dashboard) ?? [];

  return (
    <DashboardCard
      title={JOBS_CARD_TITLE}
      icon={<IconClipboardList size={20} />}
      loading={jobs.isLoading}
      loadingLabel="Loading jobs"
      emptyText={list.length > 0 ? null : jobs.isError ? 'The jobs could not be loaded.' : 'You have no jobs yet.'}
      rowHeight={DASHBOARD_TABLE_ROW}
      headHeight={DASHBOARD_TABLE_HEAD}
      viewAll={{ to: ROUTES.jobs.path, label: 'View all jobs' }}
    >
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
    </DashboardCard>
  );
}
