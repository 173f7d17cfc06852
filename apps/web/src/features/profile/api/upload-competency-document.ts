import { REGISTRATION_MESSAGES as M, type CompetencyUploadResponse } from '@portal/shared';
import { ApiError } from '../../../lib/api-client';
import { uploadFile, type UploadProgress } from '../../../components/documents/upload-file';

/**
 * POST /user-requests/edittacompetencydoc (multipart fileName, then file): the suggested-changes
 * document sent with the next profile change. A failure says the server's message, or the spec's
 * 'Unable to upload selected document...' when there is none (the network, a 5xx).
 */
export async function uploadCompetencyDocument(file: File, options: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal }) {
  try {
    return await uploadFile<CompetencyUploadResponse>({ path: '/user-requests/edittacompetencydoc', fields: { fileName: file.name }, file, ...options });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) throw new ApiError(error.status, { message: M.competencyUploadFailed });
    throw error;
  }
}
