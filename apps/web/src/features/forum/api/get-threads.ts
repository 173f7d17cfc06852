import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ForumThreadList } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { threadsKey } from './keys';

/** GET /forumthreads?committeeid=&page=: a page of the committee's discussions. */
export const getThreads = (committeeId: number, page: number, signal?: AbortSignal) =>
  api.get<ForumThreadList>('/forumthreads', { query: { committeeid: committeeId, page }, signal });

export function useForumThreads(committeeId: number | null, page: number, opts: { staleTime?: number } = {}) {
  return useQuery({
    queryKey: [...threadsKey, committeeId, page],
    queryFn: ({ signal }) => getThreads(committeeId!, page, signal),
    enabled: committeeId !== null,
    placeholderData: keepPreviousData,
    staleTime: opts.staleTime,
  });
}
