import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ForumSearchResults } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { searchKey } from './keys';

/** GET /forum/search?term=&cmid=&page=: the committee's discussions matching the term, best first. */
export const searchThreads = (term: string, committeeId: number, page: number, signal?: AbortSignal) =>
  api.get<ForumSearchResults>('/forum/search', { query: { term, cmid: committeeId, page }, signal });

export function useForumSearch(term: string, committeeId: number | null, page: number) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: [...searchKey, committeeId, trimmed, page],
    queryFn: ({ signal }) => searchThreads(trimmed, committeeId!, page, signal),
    enabled: committeeId !== null && trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
}
