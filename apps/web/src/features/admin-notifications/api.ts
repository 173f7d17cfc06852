import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommitteeNames, NotificationLog, NotificationSend, NotificationSent } from '@portal/shared';
import { api } from '../../lib/api-client';

/** The admins' notices: the log of past notifications and sending one. */

export const noticeLogKey = ['notification-log'] as const;

/** GET /notifications/log: past notifications, paged in SQL, with whom this admin may send to. */
export function useNoticeLog(page: number, perPage: number) {
  return useQuery({
    queryKey: [...noticeLogKey, page, perPage],
    queryFn: ({ signal }) =>
      api.get<NotificationLog>('/notifications/log', { query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /committeenames: the committees a CM notice may be narrowed to. */
export function useCommitteeNames(enabled: boolean) {
  return useQuery({
    queryKey: ['committee-names'],
    queryFn: ({ signal }) => api.get<CommitteeNames>('/committeenames', { signal }),
    enabled,
  });
}

/** POST /notifications. */
export function useSendNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<NotificationSend>) => api.post<NotificationSent>('/notifications', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeLogKey }),
  });
}
