import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { threadKey } from './keys';

/** GET /forum/follow/{id} or /forum/unfollow/{id}. */
export function useFollowThread(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => api.get<{ message: string; following: boolean }>(`/forum/${follow ? 'follow' : 'unfollow'}/${threadId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKey(threadId) }),
  });
}
