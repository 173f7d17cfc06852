import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES, type MessageBody, type NotificationList } from '@portal/shared';
import { api } from '../../lib/api-client';
import { isSignedIn, useSession, type SessionSnapshot } from '../../lib/session';

/** One hook per call of docs/api.md "Notifications". */

export const notificationsKey = ['notifications'] as const;

/** role=CURRENT_ROLE, and cmId=CURRENT_COMMITTEE only for a committee member. */
function scopeOf(session: SessionSnapshot) {
  const role = session.currentRole ?? undefined;
  return { role, cmId: role === 'CM' ? (session.committeeId ?? undefined) : undefined };
}

/** The notifications of the session's role (and committee), `count` of them: the bell's, the card's and the page's query. */
export function notificationsQuery(session: SessionSnapshot, count: number = PAGE_SIZES.notificationsFetch) {
  const scope = scopeOf(session);
  return {
    queryKey: [...notificationsKey, scope.role, scope.cmId ?? null, count],
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<NotificationList>('/notifications', { query: { count, ...scope }, signal }),
    // A committee member's notifications belong to a committee: wait until one is chosen.
    enabled: isSignedIn(session) && scope.role !== undefined && (scope.role !== 'CM' || scope.cmId !== undefined),
  };
}

export function useNotifications(count: number = PAGE_SIZES.notificationsFetch) {
  const session = useSession();
  return useQuery({
    ...notificationsQuery(session, count),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** PUT /notifications/{ids}?type=read|delete: ids is a list or 'all'. */
export function useUpdateNotifications() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, type }: { ids: string[] | 'all'; type: 'read' | 'delete' }) => {
      const path = ids === 'all' ? 'all' : encodeURIComponent(JSON.stringify(ids));
      return api.put<MessageBody>(`/notifications/${path}`, {}, { query: { type, ...scopeOf(session) } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
