import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKey } from './get-profile';

/**
 * GET /activeuser/competencypdf: data.data is a signed link to the assessor's competency PDF (404
 * with 'Competency PDF is not available yet...' when there is none). The server records the
 * opening, so the profile is refreshed (Mark Profile up to date waits for it).
 */
export const getCompetencyPdfLink = async () => (await api.get<{ data: { data: string } }>('/activeuser/competencypdf')).data.data;

export function useCompetencyPdfLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: getCompetencyPdfLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey }),
  });
}
