import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { publicationsKey } from './keys';

/** DELETE /admin/publications/{id} */
export function useRemovePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/admin/publications/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationsKey }),
  });
}
