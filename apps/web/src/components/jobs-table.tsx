import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PAGE_SIZES, pathTo, type JobList, type JobSide, type JobSummary } from '@portal/shared';
import { DataTable, type DataColumn } from './data-table';
import { JobStatusBadge } from './job-status-badge';
import { formatDate } from '../lib/dates';

/** 'AR': the authorised representative's table (sites link to /site/{id}); 'TA': for TA and LA. */
/** The side of the jobs the table shows (spec/01 2.6: the AR table, or the assessors'). */
export type JobsTableVariant = JobSide;

function columnsFor(variant: JobsTableVariant): DataColumn<JobSummary>[] {
  return [
    {
      title: 'Job Number',
      render: (job) => (
        <Anchor component={Link} to={pathTo('job', { id: job.id })} size="sm" fw={600}>
          {job.job_number}
        </Anchor>
      ),
    },
    { title: 'Type', render: (job) => job.type },
    {
      title: 'Visit Date',
      render: (job) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(job.visit_date)}</span>,
    },
    {
      title: 'Site',
      render: (job) =>
        variant === 'facility' ? (
          // The site page is for authorised representatives only.
          <Anchor component={Link} to={pathTo('site', { id: job.site_id })} size="sm">
            {job.site.name}
          </Anchor>
        ) : (
          <>
            <Text size="sm">{job.site.name}</Text>
            <Text size="xs" c="dimmed">
              {job.facility.name}
            </Text>
          </>
        ),
    },
    { title: 'Suburb', render: (job) => job.suburb ?? '' },
    { title: 'State', render: (job) => job.state ?? '' },
    { title: 'Status', render: (job) => <JobStatusBadge status={job.status} label={job.status_label} /> },
  ];
}

const COLUMNS: Record<JobsTableVariant, DataColumn<JobSummary>[]> = {
  facility: columnsFor('facility'),
  assessor: columnsFor('assessor'),
};

/**
 * The jobs table of spec/01 2.6, 10 rows a page, paged by the server: job number (a link to the
 * job), type, visit date, site, suburb, state and the status badge. Used by /jobs and /site/{id}.
 */
export function JobsTable({
  data,
  loading,
  stale = false,
  variant,
  page,
  onPageChange,
  label = 'Jobs',
  emptyText = 'No jobs match.',
}: {
  data: JobList | undefined;
  loading: boolean;
  /** The rows shown are the previous answer while the next one loads. */
  stale?: boolean;
  variant: JobsTableVariant;
  page: number;
  onPageChange: (page: number) => void;
  label?: string;
  emptyText?: string;
}) {
  return (
    <DataTable
      label={label}
      columns={COLUMNS[variant]}
      rows={data?.data}
      rowKey={(job) => job.id}
      loading={loading}
      stale={stale}
      empty={emptyText}
      minWidth={760}
      paging={{ page, perPage: PAGE_SIZES.jobs, total: data?.total ?? 0, onPageChange }}
    />
  );
}
