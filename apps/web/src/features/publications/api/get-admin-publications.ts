import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PublicationList } from '@portal/shared';
import { api, retryServerErrors } from '../../../lib/api-client';
import { adminKey } from './keys';

/** GET /admin/publications?page=&per_page=: every publication, for the back office (SYSADMIN). */
export const getAdminPublications = (page: number, perPage: number, signal?: AbortSignal) =>
  api.get<PublicationList>('/admin/publications', { query: { page, per_page: perPage }, signal });

export function useAdminPublications(page: number, perPage: number) {
  return useQuery({
    queryKey: [...adminKey, page, perPage],
    queryFn: ({ signal }) => getAdminPublications(page, perPage, signal),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
    meta: { silent: true },
  });
}
