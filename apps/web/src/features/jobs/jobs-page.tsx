import { Card, Select } from '@mantine/core';
import { JOB_TYPE_FILTERS, PAGE_SIZES, ROUTES, sideOfRole, type JobTypeFilter } from '@portal/shared';
import { DateFilter } from '../../components/date-filter';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';
import { useJobs } from './api';
import { useListParams } from '../../lib/list-params';
import { isoDate } from '../../lib/search-params';
import { JobsTable } from '../../components/jobs-table';
import { FilterBar } from '../../components/filter-bar';

const TYPE_OPTIONS = JOB_TYPE_FILTERS.map((value) => ({ value, label: value }));

/** /jobs: the AR table for an AR, the TA table for a TA or LA (spec/01 2.6); filters live in the address. */
export default function JobsPage() {
  const { currentRole } = useSession();
  const list = useListParams({ perPage: PAGE_SIZES.jobs, perPageOptions: [PAGE_SIZES.jobs] });
  const typed = list.filter('type');
  const type = (JOB_TYPE_FILTERS as readonly string[]).includes(typed) ? (typed as JobTypeFilter) : undefined;
  const visitDate = isoDate(list.filter('visit_date'));
  const page = list.page;
  // The table of the view's side of a job (spec/01 2.6): the sites' for an AR, the assessors' otherwise.
  const variant = sideOfRole(currentRole) ?? 'assessor';
  const jobs = useJobs({ role: currentRole, type, visit_date: visitDate, page });
  const filtered = Boolean(type || visitDate);
  const { set } = list;

  return (
    <>
      <PageTitle
        title={ROUTES.jobs.title}
        description={
          variant === 'facility'
            ? 'Assessment visits of the sites you represent.'
            : 'Assessment visits you are assigned to.'
        }
      />
      <Card>
        <FilterBar active={filtered} onClear={() => set({ type: null, visit_date: null })}>
          <Select
            label="Job type"
            placeholder="All types"
            data={TYPE_OPTIONS}
            value={type ?? null}
            onChange={(value) => set({ type: value })}
            clearable
            allowDeselect
            w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 180 }}
          />
          <DateFilter
            label="Visit date"
            value={visitDate ?? null}
            onChange={(value) => set({ visit_date: value })}
            w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 200 }}
          />
        </FilterBar>
        <JobsTable
          data={jobs.data}
          loading={jobs.isPending}
          stale={jobs.isPlaceholderData && jobs.isFetching}
          variant={variant}
          page={page}
          onPageChange={(p) => set({ page: p })}
          label={variant === 'facility' ? 'Jobs of your sites' : 'Your assigned jobs'}
          emptyText={filtered ? 'No jobs match these filters.' : 'There are no jobs to show.'}
        />
      </Card>
    </>
  );
}
