import { useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isAdminRole,
  type AuditList,
  type RegistrationInput,
  type UserRequestDecision,
  type UserRequestDetail,
  type UserRequestList,
} from '@portal/shared';
import { downloadFile } from '../../components/documents/download';
import { api, apiUrl } from '../../lib/api-client';
import { getSession } from '../../lib/session';

/** One hook per call of the admin's pending requests. */

export const requestsKey = ['user-requests'] as const;

/** The admin view the calls are asked from (CURRENT_ROLE, when it is an admin role). */
export function currentRole(): 'SYSADMIN' | 'TA_ADMIN' | undefined {
  const role = getSession().currentRole;
  return isAdminRole(role) ? (role as 'SYSADMIN' | 'TA_ADMIN') : undefined;
}

export interface RequestListParams {
  type: 'create' | 'update';
  page: number;
  perPage: number;
  sort?: string;
  direction?: 'asc' | 'desc';
  name?: string;
  role?: string;
  change?: string;
}

/** GET /user-requests?current_role=: pending requests of the admin's view, paged, sorted and filtered in SQL. */
export function useUserRequests(p: RequestListParams) {
  return useQuery({
    queryKey: [...requestsKey, 'list', p],
    queryFn: ({ signal }) =>
      api.get<UserRequestList>('/user-requests', {
        query: {
          current_role: currentRole(),
          type: p.type,
          page: p.page,
          per_page: p.perPage,
          sort: p.sort,
          direction: p.direction,
          name: p.name,
          role: p.role,
          change: p.change,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /user-requests/{id}. */
export function useUserRequest(id: number | null) {
  return useQuery({
    queryKey: [...requestsKey, 'detail', id],
    queryFn: ({ signal }) =>
      api.get<UserRequestDetail>(`/user-requests/${id}`, { query: { current_role: currentRole() }, signal }),
    enabled: id !== null,
    meta: { silent: true },
  });
}

/**
 * PUT /user-requests/{id}: approve or reject, sent once. A second click while the first is on its
 * way, or after it succeeded (the modal is still fading out), sends nothing, and `isPending` is true
 * from the click itself (the mutation's own flag is published a moment later).
 */
export function useDecideRequest() {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const mutation = useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserRequestDecision }) =>
      api.put<{ message: string }>(`/user-requests/${id}`, body, { query: { current_role: currentRole() } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
  const mutate = (
    vars: { id: number; body: UserRequestDecision },
    handlers: { onSuccess: (res: { message: string }) => void; onError: (error: Error) => void },
  ) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    mutation.mutate(vars, {
      onSuccess: handlers.onSuccess,
      // Decided: the closing modal's button stays disabled. Failed: the admin may try again.
      onError: (error) => {
        inFlight.current = false;
        setSending(false);
        handlers.onError(error);
      },
    });
  };
  return { mutate, isPending: sending || mutation.isPending };
}

/** PUT /user-requests/{id}/registration: the admin's Edit Registration. */
export function useEditRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RegistrationInput }) =>
      api.put<{ message: string; id: number }>(`/user-requests/${id}/registration`, body, {
        query: { current_role: currentRole() },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
}

/** GET /admin/ta/competencypdf/{userId}: data.data is a signed link to the assessor's competency PDF (the TA admin's path). */
export async function getAssessorCompetencyLink(userId: number): Promise<string> {
  return (await api.get<{ data: { data: string } }>(`/admin/ta/competencypdf/${userId}`)).data.data;
}

/**
 * GET /admin/ta/competencysuggested/{document}?current_role=: data.data is a signed link to a
 * change's suggested-changes document, opened in a new tab (the admins who see the change).
 */
export async function getSuggestedChangesLink(document: string): Promise<string> {
  return (
    await api.get<{ data: { data: string } }>(`/admin/ta/competencysuggested/${encodeURIComponent(document)}`, {
      query: { current_role: currentRole() },
    })
  ).data.data;
}

/** The audit trail's filters, as GET /audit and /audit.csv take them. */
export interface AuditFilterParams {
  user?: string;
  action?: string;
  record_type?: string;
  record_id?: string;
  from?: string;
  to?: string;
}

export const auditKey = ['audit'] as const;

/** GET /audit: a page of the trail, newest first, filtered and paged in SQL (SYSADMIN). */
export function useAuditTrail(filters: AuditFilterParams, page: number, perPage: number) {
  return useQuery({
    queryKey: [...auditKey, filters, page, perPage],
    queryFn: ({ signal }) => api.get<AuditList>('/audit', { query: { ...filters, page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /audit.csv with the same filters, through a download ticket: the browser streams it to disk. */
export function exportAuditTrail(filters: AuditFilterParams) {
  return downloadFile(apiUrl('/audit.csv', { ...filters }));
}

export { lookupFacility, useCommitteeNames, useRegistrationCategories } from '../../lib/registration-options';
