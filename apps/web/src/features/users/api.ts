import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommitteePermissionBody, MessageBody, UserDetail, UserEditInput, UserList } from '@portal/shared';
import { api } from '../../lib/api-client';

/** One hook per call of the admin's user management. */

export const usersKey = ['users'] as const;

/** GET /users: the admin's kind of users (the server picks it from the admin's role), searched, 20 a page. */
export function useUsers(search: string, page: number) {
  return useQuery({
    queryKey: [...usersKey, 'list', search, page],
    queryFn: ({ signal }) => api.get<UserList>('/users', { query: { search: search || undefined, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /users/{id}. */
export function useUser(id: number | null) {
  return useQuery({
    queryKey: [...usersKey, 'detail', id],
    queryFn: ({ signal }) => api.get<UserDetail>(`/users/${id}`, { signal }),
    enabled: id !== null,
    meta: { silent: true },
  });
}

function useUserMutation<V>(call: (v: V) => Promise<MessageBody>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** PUT /users/{id}: Edit Personal Details. */
export const useUpdateUser = () =>
  useUserMutation(({ id, body }: { id: number; body: UserEditInput }) => api.put<MessageBody>(`/users/${id}`, body));
/** POST /activate/{id}. */
export const useActivateUser = () => useUserMutation((id: number) => api.post<MessageBody>(`/activate/${id}`));
/** POST /deactivate/{id}. */
export const useDeactivateUser = () => useUserMutation((id: number) => api.post<MessageBody>(`/deactivate/${id}`));
/** DELETE /users/{id}. */
export const useDeleteUser = () => useUserMutation((id: number) => api.delete<MessageBody>(`/users/${id}`));
/** PUT /committeepermissions/{id}: the forum write permission of one committee. */
export const useForumWrite = () =>
  useUserMutation(({ id, body }: { id: number; body: CommitteePermissionBody }) =>
    api.put<MessageBody>(`/committeepermissions/${id}`, body),
  );
/** POST /admin/users/{id}/second-factors/reset. */
export const useResetSecondFactors = () =>
  useUserMutation((id: number) => api.post<MessageBody>(`/admin/users/${id}/second-factors/reset`));

export { lookupFacility, useCommitteeNames, useRegistrationCategories } from '../../lib/registration-options';
