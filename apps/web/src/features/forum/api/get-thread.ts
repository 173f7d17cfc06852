import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ForumThreadDetail } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { threadKey } from './keys';

/** GET /forumthreads/{id}?page=: the discussion, a page of its replies (newest first) and every attachment. */
export const getThread = (id: number, page: number, signal?: AbortSignal) => api.get<ForumThreadDetail>(`/forumthreads/${id}`, { query: { page }, signal });

export function useForumThread(id: number | null, page = 1) {
  return useQuery({
    queryKey: [...threadKey(id ?? 0), page],
    queryFn: ({ signal }) => getThread(id!, page, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}
