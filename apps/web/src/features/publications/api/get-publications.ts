import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PublicationList } from '@portal/shared';
import { api, retryServerErrors } from '../../../lib/api-client';
import { recentKey } from './keys';

/** GET /publications?page=&per_page=: the recently updated publications, paged by the server. */
export const getPublications = (page: number, perPage: number, signal?: AbortSignal) =>
  api.get<PublicationList>('/publications', { query: { page, per_page: perPage }, signal });

export function usePublications(page: number, perPage: number) {
  return useQuery({
    queryKey: [...recentKey, page, perPage],
    queryFn: ({ signal }) => getPublications(page, perPage, signal),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
    meta: { silent: true },
  });
}
