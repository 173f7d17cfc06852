import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Facility, FacilityDetail, FacilityList, FacilityUpdate } from '@portal/shared';
import { api } from '../../lib/api-client';

/** One hook per call of docs/api.md "Facilities, sites, jobs, documents, invoices" (facilities part). */

export const facilitiesKey = ['facilities'] as const;

/** GET /facilities?page=&per_page=: the AR's facilities, paged in SQL. */
export function useFacilities(page: number, perPage: number) {
  return useQuery({
    queryKey: [...facilitiesKey, 'list', page, perPage],
    queryFn: ({ signal }) => api.get<FacilityList>('/facilities', { query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /facilities/{id}: the facility and the sites of it the AR represents. A 404 is the page's to show. */
export function useFacility(id: number | null) {
  return useQuery({
    queryKey: [...facilitiesKey, 'detail', id],
    queryFn: ({ signal }) => api.get<FacilityDetail>(`/facilities/${id}`, { signal }),
    enabled: id !== null,
    meta: { silent: true },
  });
}

/** PUT /facilities/{id}: the 'Update Contact Details' modal. */
export function useUpdateFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FacilityUpdate }) =>
      api.put<{ message: string; facility: Facility }>(`/facilities/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facilitiesKey }),
  });
}
