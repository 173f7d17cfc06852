import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKey } from './get-profile';

/** GET /activeuser/markprofileuptodate: data is true when marked (the spec's data.data). */
export const markProfileUpToDate = () => api.get<{ data: boolean; message: string }>('/activeuser/markprofileuptodate');

export function useMarkProfileUpToDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markProfileUpToDate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey }),
  });
}
