import { useQuery } from '@tanstack/react-query';
import type { ForumCategory } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { forumKey } from './keys';

/** GET /forumcategories (a failure is only logged: the form's Category stays empty, spec/02 section 8). */
export const getCategories = (signal?: AbortSignal) => api.get<ForumCategory[]>('/forumcategories', { signal });

export function useForumCategories() {
  return useQuery({ queryKey: [...forumKey, 'categories'], queryFn: ({ signal }) => getCategories(signal), staleTime: 10 * 60_000, meta: { silent: true } });
}
