import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileChangeInput, Profile } from '@portal/shared';
import { api } from '../../lib/api-client';

export const profileKey = ['profile'] as const;

/** GET /profile: the signed-in user's profile, facilities, committees and pending change. */
export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => api.get<Profile>('/profile', { signal }) });
}

/** POST /user-requests: a profile change for an admin to approve. */
export function useRequestProfileChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileChangeInput) => api.post<{ message: string }>('/user-requests', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey }),
  });
}
