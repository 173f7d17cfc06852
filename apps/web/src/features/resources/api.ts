import { useQuery } from '@tanstack/react-query';
import type { ResourceList } from '@portal/shared';
import { api, retryServerErrors } from '../../lib/api-client';

export const resourcesKey = ['resources', 'ta'] as const;

/** GET /resources/ta: the useful resources for technical assessors (a token is needed). */
export const getResources = (signal?: AbortSignal) => api.get<ResourceList>('/resources/ta', { signal });

export function useResources(enabled: boolean) {
  return useQuery({
    queryKey: resourcesKey,
    queryFn: ({ signal }) => getResources(signal),
    enabled,
    retry: retryServerErrors,
    // The page answers a refusal and a failure itself (the role's notice, the retry alert): no toast.
    meta: { silent: true },
  });
}
