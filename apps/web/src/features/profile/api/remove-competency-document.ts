import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /user-requests/removeUploadedCompetencySuggestDocument {fileName}: the document not sent yet. */
export const removeCompetencyDocument = (fileName: string) =>
  api.post<{ success: boolean; message: string }>('/user-requests/removeUploadedCompetencySuggestDocument', { fileName });

export function useRemoveCompetencyDocument() {
  return useMutation({ mutationFn: removeCompetencyDocument });
}
