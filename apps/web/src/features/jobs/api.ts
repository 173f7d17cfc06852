import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentGroups, DocumentReview, JobDetail, JobList, JobTypeFilter, Role, UploadResponse } from '@portal/shared';
import { PAGE_SIZES } from '@portal/shared';
import { api, retryServerErrors } from '../../lib/api-client';
import { uploadFile, type UploadProgress } from '../documents/upload-file';

/** One hook per call of docs/api.md "Facilities, sites, jobs, documents, invoices" (jobs part). */

export const jobsKey = ['jobs'] as const;

/** The jobs view of a role: an AR's own, or the assessors' one for a TA or LA (spec/01 2.6). */
export function jobsRoleOf(role: Role | null): 'AR' | 'TA' | null {
  if (role === 'AR') return 'AR';
  if (role === 'TA' || role === 'LA') return 'TA';
  return null;
}

export interface JobsFilter {
  /** AR, or TA for a TA or LA (jobsRoleOf). */
  role: 'AR' | 'TA' | null;
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

/** GET /jobs/{id}: the page shows a 404 as 'not found' itself. */
export function useJob(id: number | null) {
  return useQuery({
    queryKey: [...jobsKey, 'detail', id],
    queryFn: ({ signal }) => api.get<JobDetail>(`/jobs/${id}`, { signal }),
    enabled: id !== null,
    retry: retryServerErrors,
    meta: { silent: true },
  });
}

export const jobDocumentsKey = (jobId: number) => [...jobsKey, jobId, 'documents'] as const;

/** GET /jobdocuments?jobid=&role=: received and submitted, oldest first. The page reports failure itself. */
export function useJobDocuments(jobId: number | null, role: Role | null, enabled = true) {
  return useQuery({
    queryKey: [...jobDocumentsKey(jobId ?? 0), role],
    queryFn: ({ signal }) => api.get<DocumentGroups>('/jobdocuments', { query: { jobid: jobId ?? undefined, role: role ?? undefined }, signal }),
    enabled: enabled && jobId !== null && role !== null,
    retry: retryServerErrors,
    meta: { silent: true },
  });
}

/** POST /jobdocuments (multipart: jobId, description, role, then the file), with upload progress. */
export function uploadJobDocument(
  { jobId, role }: { jobId: number; role: Role },
  file: File,
  description: string,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadResponse> {
  return uploadFile<UploadResponse>({ path: '/jobdocuments', fields: { jobId: String(jobId), description, role }, file, ...options });
}

/** PUT /jobdocuments/{id} {reviewed_comment}. */
export function useReviewJobDocument(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reviewed_comment }: { id: number } & DocumentReview) =>
      api.put<{ message: string }>(`/jobdocuments/${id}`, { reviewed_comment }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobDocumentsKey(jobId) }),
  });
}
