import { api } from '../../../lib/api-client';
import { currentRole } from '../api';

/**
 * GET /admin/ta/competencysuggested/{document}?current_role=: data.data is a signed link to a
 * change's suggested-changes document, opened in a new tab (the admins who see the change).
 */
export async function getSuggestedChangesLink(document: string): Promise<string> {
  return (await api.get<{ data: { data: string } }>(`/admin/ta/competencysuggested/${encodeURIComponent(document)}`, { query: { current_role: currentRole() } })).data.data;
}
