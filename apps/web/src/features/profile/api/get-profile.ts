import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The profile's query key: every profile call refreshes it. */
export const profileKey = ['profile'] as const;

/** GET /profile: the signed-in user's profile, facilities, committees, pending change and abilities. */
export const getProfile = (signal?: AbortSignal) => api.get<Profile>('/profile', { signal });

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => getProfile(signal) });
}
