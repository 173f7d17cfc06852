import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMeetingFolder,
  FolderMembersResponse,
  MeetingBulkDelete,
  MeetingDocumentPage,
  MeetingFolderAccess,
  MeetingFolderList,
  MeetingUploadResponse,
} from '@portal/shared';
import { uploadFile, type UploadProgress } from '../../components/documents/upload-file';
import { api, retryServerErrors } from '../../lib/api-client';
import { isSignedIn, useSession } from '../../lib/session';

/** One hook per call of spec/02 section 7, "Meetings". */

export const meetingsKey = ['meetings'] as const;

/** The committee the user works in (chosen at sign-in and in the user menu); null when they are in none. */
export function useCurrentCommitteeId(): number | null {
  const session = useSession();
  return isSignedIn(session) ? session.committeeId : null;
}

/** GET /docservicehealthcheck: true while the document index runs (Upload Document is enabled only then). */
export function useDocServiceHealth(enabled = true) {
  return useQuery({
    queryKey: [...meetingsKey, 'health'],
    queryFn: ({ signal }) => api.get<boolean>('/docservicehealthcheck', { signal }),
    enabled,
    refetchInterval: (query) => (query.state.data === true ? 60_000 : 10_000),
    retry: false,
    meta: { silent: true },
  });
}

/** GET /committeerootfolders/{committeeId} */
export function useRootFolders(committeeId: number | null) {
  return useQuery({
    queryKey: [...meetingsKey, committeeId, 'roots'],
    queryFn: ({ signal }) => api.get<MeetingFolderList>(`/committeerootfolders/${committeeId}`, { signal }),
    enabled: committeeId !== null,
    retry: retryServerErrors,
    meta: { silent: true },
  });
}

/** GET /meetingfolders/{rootId} */
export function useSubFolders(committeeId: number | null, rootId: number | null) {
  return useQuery({
    queryKey: [...meetingsKey, committeeId, 'subs', rootId],
    queryFn: ({ signal }) => api.get<MeetingFolderList>(`/meetingfolders/${rootId}`, { signal }),
    enabled: rootId !== null,
    retry: retryServerErrors,
    meta: { silent: true },
  });
}

/** GET /meetingdocuments?folderid= */
export function useFolderDocuments(committeeId: number | null, folderId: number | null) {
  return useQuery({
    queryKey: [...meetingsKey, committeeId, 'folder', folderId],
    queryFn: ({ signal }) =>
      api.get<MeetingDocumentPage>('/meetingdocuments', {
        query: { folderid: folderId ?? undefined, per_page: 500 },
        signal,
      }),
    enabled: folderId !== null,
    retry: retryServerErrors,
    meta: { silent: true },
  });
}

/** GET /meetingdocuments/recent/{committeeId} (no term), or GET /meetingdocuments/search?term=&cmid= */
export function useMeetingDocuments(committeeId: number | null, term: string, page: number, perPage: number) {
  const searching = term.trim().length > 0;
  return useQuery({
    queryKey: [...meetingsKey, committeeId, 'list', term.trim(), page, perPage],
    queryFn: ({ signal }) =>
      searching
        ? api.get<MeetingDocumentPage>('/meetingdocuments/search', {
            query: { term: term.trim(), cmid: committeeId ?? undefined, page, per_page: perPage },
            signal,
          })
        : api.get<MeetingDocumentPage>(`/meetingdocuments/recent/${committeeId}`, {
            query: { page, per_page: perPage },
            signal,
          }),
    enabled: committeeId !== null,
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
    meta: { silent: true },
  });
}

/** GET /meetingfolder/members/{committeeId}/{folderId} */
export function useFolderMembers(committeeId: number | null, folderId: number | null) {
  return useQuery({
    queryKey: [...meetingsKey, committeeId, 'members', folderId],
    queryFn: ({ signal }) =>
      api.get<FolderMembersResponse>(`/meetingfolder/members/${committeeId}/${folderId}`, { signal }),
    enabled: committeeId !== null && folderId !== null,
    retry: retryServerErrors,
    meta: { silent: true },
  });
}

/** Every meetings query of the committee goes stale after a change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: meetingsKey });
}

/** POST /meetingfolders */
export function useCreateFolder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateMeetingFolder) =>
      api.post<{ message: string; folder: { id: number } }>('/meetingfolders', body),
    onSuccess: refresh,
  });
}

/** DELETE /meetingfolders/{id} */
export function useDeleteFolder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/meetingfolders/${id}`),
    onSuccess: refresh,
  });
}

/** POST /meetingfolder/accesspermission */
export function useAssignAccess() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: MeetingFolderAccess) => api.post<{ message: string }>('/meetingfolder/accesspermission', body),
    onSuccess: refresh,
  });
}

/** DELETE /meetingdocuments/{id} */
export function useDeleteDocument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/meetingdocuments/${id}`),
    onSuccess: refresh,
  });
}

/** POST /meetingdocuments/delete/bulk */
export function useDeleteDocuments() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: MeetingBulkDelete) => api.post<{ message: string }>('/meetingdocuments/delete/bulk', body),
    onSuccess: refresh,
  });
}

/**
 * After an upload: every meetings query of the committee goes stale, so the folder's documents and
 * the 'Recently Updated Documents' table (or the search) show the new document without a reload.
 */
export function useDocumentUploaded(committeeId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...meetingsKey, committeeId] });
}

/** POST /meetingdocuments (multipart: folderId, then the file), with upload progress. */
export function uploadMeetingDocument(
  folderId: number,
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<MeetingUploadResponse> {
  return uploadFile<MeetingUploadResponse>({
    path: '/meetingdocuments',
    fields: { folderId: String(folderId) },
    file,
    ...options,
  });
}
