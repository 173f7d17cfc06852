import { useQuery } from '@tanstack/react-query';
import type { PublicationItem } from '@portal/shared';
import { api, retryServerErrors } from '../../../lib/api-client';
import { publicationKey } from './keys';

/** GET /publications/{id}: one publication (404 when it does not exist). */
export const getPublication = (id: number, signal?: AbortSignal) => api.get<{ data: PublicationItem }>(`/publications/${id}`, { signal });

export function usePublication(id: number | null) {
  return useQuery({
    queryKey: publicationKey(id ?? 0),
    queryFn: ({ signal }) => getPublication(id!, signal),
    enabled: id !== null,
    retry: retryServerErrors,
    meta: { silent: true },
    select: (res) => res.data,
  });
}
