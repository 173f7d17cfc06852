import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentGroups, Site, SiteUpdate, UploadResponse } from '@portal/shared';
import { api, retryServerErrors } from '../../lib/api-client';
import { uploadFile, type UploadProgress } from '../../components/documents/upload-file';

/** One hook per call of docs/api.md (sites and site documents). */

export const siteKey = (id: number) => ['sites', id] as const;
export const siteDocumentsKey = (id: number) => ['sites', id, 'documents'] as const;

/** GET /sites/{id} */
export function useSite(id: number | null) {
  return useQuery({
    queryKey: siteKey(id ?? 0),
    queryFn: ({ signal }) => api.get<Site>(`/sites/${id}`, { signal }),
    enabled: id !== null,
    retry: retryServerErrors,
    meta: { silent: true },
  });
}

/** PUT /sites/{id} {email, phone, address, suburb, state}: the contact details. */
export function useUpdateSite(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteUpdate) => api.put<{ message: string; site: Site }>(`/sites/${id}`, body),
    onSuccess: (res) => queryClient.setQueryData(siteKey(id), res.site),
  });
}

/** GET /sitedocuments?siteid=: received (sent by the body) and submitted (the AR's), oldest first. */
export function useSiteDocuments(id: number | null, enabled = true) {
  return useQuery({
    queryKey: siteDocumentsKey(id ?? 0),
    queryFn: ({ signal }) => api.get<DocumentGroups>('/sitedocuments', { query: { siteid: id ?? undefined }, signal }),
    enabled: enabled && id !== null,
    retry: retryServerErrors,
  });
}

/** POST /sitedocuments (multipart: siteId, description, then the file), with upload progress. */
export function uploadSiteDocument(
  siteId: number,
  file: File,
  description: string,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadResponse> {
  return uploadFile<UploadResponse>({
    path: '/sitedocuments',
    fields: { siteId: String(siteId), description },
    file,
    ...options,
  });
}
