import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody, ProfileChangeInput } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { profileKey } from './get-profile';

/** POST /user-requests: a profile change for an admin to approve (with the suggested-changes document, if any). */
export function useRequestProfileChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileChangeInput) => api.post<MessageBody>('/user-requests', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey }),
  });
}
