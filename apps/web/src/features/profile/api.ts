import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CompetencyUploadResponse,
  type MessageBody,
  type Profile,
  type ProfileChangeInput,
  REGISTRATION_MESSAGES as M,
} from '@portal/shared';
import { api, ApiError } from '../../lib/api-client';
import { uploadFile, type UploadProgress } from '../../components/documents/upload-file';

/** The profile's query key: every profile call refreshes it. */
export const profileKey = ['profile'] as const;

/** GET /profile: the signed-in user's profile, facilities, committees, pending change and abilities. */
export const getProfile = (signal?: AbortSignal) => api.get<Profile>('/profile', { signal });

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => getProfile(signal) });
}

/**
 * GET /activeuser/competencypdf: data.data is a signed link to the assessor's competency PDF (404
 * with 'Competency PDF is not available yet...' when there is none). The server records the
 * opening, so the profile is refreshed (Mark Profile up to date waits for it).
 */
export const getCompetencyPdfLink = async () =>
  (await api.get<{ data: { data: string } }>('/activeuser/competencypdf')).data.data;

export function useCompetencyPdfLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: getCompetencyPdfLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey }),
  });
}

/** POST /activeuser/markprofileuptodate (the spec's GET changes state): data is true when marked (the spec's data.data). */
export const markProfileUpToDate = () =>
  api.post<{ data: boolean; message: string }>('/activeuser/markprofileuptodate');

export function useMarkProfileUpToDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markProfileUpToDate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey }),
  });
}

/** POST /user-requests: a profile change for an admin to approve (with the suggested-changes document, if any). */
export function useRequestProfileChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileChangeInput) => api.post<MessageBody>('/user-requests', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey }),
  });
}

/**
 * POST /user-requests/edittacompetencydoc (multipart fileName, then file): the suggested-changes
 * document sent with the next profile change. A failure says the server's message, or the spec's
 * 'Unable to upload selected document...' when there is none (the network, a 5xx).
 */
export async function uploadCompetencyDocument(
  file: File,
  options: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal },
) {
  try {
    return await uploadFile<CompetencyUploadResponse>({
      path: '/user-requests/edittacompetencydoc',
      fields: { fileName: file.name },
      file,
      ...options,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 0 || error.status >= 500))
      throw new ApiError(error.status, { message: M.competencyUploadFailed });
    throw error;
  }
}

/** POST /user-requests/removeUploadedCompetencySuggestDocument {fileName}: the document not sent yet. */
export const removeCompetencyDocument = (fileName: string) =>
  api.post<{ success: boolean; message: string }>('/user-requests/removeUploadedCompetencySuggestDocument', {
    fileName,
  });

export function useRemoveCompetencyDocument() {
  return useMutation({ mutationFn: removeCompetencyDocument });
}
