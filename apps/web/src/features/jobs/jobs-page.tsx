import { Card, Select } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { JOB_TYPE_FILTERS, ROUTES } from '@portal/shared';
import { DateFilter } from '../../components/date-filter';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';
import { jobsRoleOf, useJobs } from './api';
import { isoDateParam, pageParam, typeParam, withParams } from '../../lib/search-params';
import { JobsTable } from '../../components/jobs-table';
import { FilterBar } from '../../components/filter-bar';

const TYPE_OPTIONS = JOB_TYPE_FILTERS.map((value) => ({ value, label: value }));

/** /jobs: the AR table for an AR, the TA table for a TA or LA (spec/01 2.6); filters live in the address. */
export default function JobsPage() {
  const { currentRole } = useSession();
  const [params, setParams] = useSearchParams();
  const type = typeParam(params);
  const visitDate = isoDateParam(params, 'visit_date');
  const page = pageParam(params);
  const role = jobsRoleOf(currentRole);
  const variant = role ?? 'TA';
  const jobs = useJobs({ role, type, visit_date: visitDate, page });
  const filtered = Boolean(type || visitDate);

  const set = (changes: Record<string, string | number | null | undefined>) => setParams(withParams(params, changes), { replace: true });

  return (
    <>
      <PageTitle
        title={ROUTES.jobs.title}
        description={variant === 'AR' ? 'Assessment visits of the sites you represent.' : 'Assessment visits you are assigned to.'}
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
          label={variant === 'AR' ? 'Jobs of your sites' : 'Your assigned jobs'}
          emptyText={filtered ? 'No jobs match these filters.' : 'There are no jobs to show.'}
        />
      </Card>
    </>
  );
}
