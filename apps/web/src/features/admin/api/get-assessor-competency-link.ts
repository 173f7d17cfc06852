import { api } from '../../../lib/api-client';

/** GET /admin/ta/competencypdf/{userId}: data.data is a signed link to the assessor's competency PDF (the TA admin's path). */
export async function getAssessorCompetencyLink(userId: number): Promise<string> {
  return (await api.get<{ data: { data: string } }>(`/admin/ta/competencypdf/${userId}`)).data.data;
}
