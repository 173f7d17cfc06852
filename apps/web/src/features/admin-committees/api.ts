import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommitteeSave, ManagedCommittee, ManagedCommitteeList } from '@portal/shared';
import { api } from '../../lib/api-client';

/** The SYSADMIN's committee calls. */

export const managedCommitteesKey = ['admin-committees'] as const;

/** GET /admin/committees: every committee with its admin and member ids, and who may be a member. */
export function useManagedCommittees() {
  return useQuery({
    queryKey: managedCommitteesKey,
    queryFn: ({ signal }) => api.get<ManagedCommitteeList>('/admin/committees', { signal }),
  });
}

type Saved = { message: string; data: ManagedCommittee };

/** POST /committees, or PUT /committees/{id} when an id is given. */
export function useSaveCommittee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CommitteeSave }) =>
      id === null ? api.post<Saved>('/committees', body) : api.put<Saved>(`/committees/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managedCommitteesKey }),
  });
}
