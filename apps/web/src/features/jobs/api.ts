import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentGroups, DocumentReview, JobDetail, Role, UploadResponse } from '@portal/shared';
import { api, retryServerErrors } from '../../lib/api-client';
import { jobsKey } from '../../lib/jobs-query';
import { uploadFile, type UploadProgress } from '../../components/documents/upload-file';

/** One hook per call of docs/api.md "Facilities, sites, jobs, documents, invoices" (jobs part). */

// The jobs list is also a site's (features/sites): it lives in lib/jobs-query.ts.
export { jobsKey, useJobs, type JobsFilter } from '../../lib/jobs-query';

/** GET /jobs/{id}?role=: the job, with its abilities in the current role's view. The page shows a 404 as 'not found' itself. */
export function useJob(id: number | null, role: Role | null = null) {
  return useQuery({
    queryKey: [...jobsKey, 'detail', id, role],
    queryFn: ({ signal }) => api.get<JobDetail>(`/jobs/${id}`, { query: { role: role ?? undefined }, signal }),
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
    queryFn: ({ signal }) =>
      api.get<DocumentGroups>('/jobdocuments', {
        query: { jobid: jobId ?? undefined, role: role ?? undefined },
        signal,
      }),
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
  return uploadFile<UploadResponse>({
    path: '/jobdocuments',
    fields: { jobId: String(jobId), description, role },
    file,
    ...options,
  });
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
