import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type JobList, type JobTypeFilter, type Role } from '@portal/shared';
import { api } from './api-client';

/** The jobs list: the jobs page, a site's jobs and the dashboard card use it (so it is not a feature's). */

export const jobsKey = ['jobs'] as const;

export interface JobsFilter {
  /** The view role (CURRENT_ROLE): the server answers the jobs of its side (AR the sites', TA and LA the assigned). */
  role: Role | null;
  type?: JobTypeFilter;
  /** 1-4 (JOB_STATUS). */
  status?: number;
  /** YYYY-MM-DD */
  visit_date?: string;
  site_id?: number;
  /** Left out by the dashboard card: the server's first page. */
  page?: number;
  /** PAGE_SIZES.jobs unless given (the dashboard card asks for PAGE_SIZES.dashboard). */
  per_page?: number;
}

/** GET /jobs?role=&type=&status=&visit_date=&site_id=&page=&per_page=, paged in SQL (the jobs page, a site's jobs, the dashboard card). */
export function useJobs(filter: JobsFilter, enabled = true) {
  const { role, per_page = PAGE_SIZES.jobs, ...rest } = filter;
  const query = { ...rest, per_page };
  return useQuery({
    queryKey: [...jobsKey, 'list', role, query],
    queryFn: ({ signal }) => api.get<JobList>('/jobs', { query: { role: role ?? undefined, ...query }, signal }),
    enabled: enabled && role !== null,
    placeholderData: keepPreviousData,
  });
}
