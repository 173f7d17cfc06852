import { useQuery } from '@tanstack/react-query';
import type { CommitteeNames, FacilityLookup, RegistrationCategories } from '@portal/shared';
import { api } from './api-client';

/**
 * What a registration form offers, for the wizard, the admin's Edit Registration and Edit Personal
 * Details alike: the public calls, under one set of query keys so the three share their cache.
 */

/** GET /facilities/getInfo/{number}: the facility number lookup. */
export const lookupFacility = (number: string) =>
  api.get<FacilityLookup>(`/facilities/getInfo/${encodeURIComponent(number)}`);

/** GET /committeenames: the committees a registration may ask to join. */
export function useCommitteeNames() {
  return useQuery({
    queryKey: ['committeenames'],
    queryFn: ({ signal }) => api.get<CommitteeNames>('/committeenames', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /register/categories: the publication categories a registration may ask to subscribe to. */
export function useRegistrationCategories() {
  return useQuery({
    queryKey: ['register', 'categories'],
    queryFn: ({ signal }) => api.get<RegistrationCategories>('/register/categories', { signal }),
    staleTime: 5 * 60_000,
  });
}
