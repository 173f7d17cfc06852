import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { threadsKey } from './keys';

/** DELETE /forumthreads/{id}: the discussion with its replies and attachments. */
export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageBody>(`/forumthreads/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadsKey }),
  });
}
