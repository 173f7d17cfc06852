import { useMutation, useQuery } from '@tanstack/react-query';
import type { CommitteeNames, FacilityLookup, MessageBody, RegistrationCategories } from '@portal/shared';
import { api } from '../../lib/api-client';

/** The public registration wizard's calls (signed out). */

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

/** POST /register: the wizard's request (the server checks it with the same shared schema). */
export function useRegister() {
  return useMutation({ mutationFn: (body: unknown) => api.post<MessageBody>('/register', body) });
}
