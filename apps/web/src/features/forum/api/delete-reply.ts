import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { forumKey } from './keys';

/** DELETE /forumreply/{id}. */
export function useDeleteReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageBody>(`/forumreply/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKey }),
  });
}
