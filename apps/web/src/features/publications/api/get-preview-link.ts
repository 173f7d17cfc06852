import { useQuery } from '@tanstack/react-query';
import type { DownloadLinkResponse } from '@portal/shared';
import { api, apiUrl } from '../../../lib/api-client';
import { publicationsKey } from './keys';

/**
 * POST /downloads for the file shown inline: a signed link the preview frame follows (a frame
 * cannot send the bearer token). The link lives 60 s, so it is asked afresh each time the page opens.
 */
export function usePreviewLink(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...publicationsKey, 'preview', id],
    queryFn: () => api.post<DownloadLinkResponse>('/downloads', { path: apiUrl(`/publications/${id}/file`, { disposition: 'inline' }) }),
    enabled: id !== null && enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
    select: (res) => res.url,
  });
}
