import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberList } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { membersKey } from './keys';

/** GET /forum/members?cmid=&search=&page=: the committee's members, 20 a page. */
export const getMembers = (committeeId: number, search: string, page: number, signal?: AbortSignal) =>
  api.get<MemberList>('/forum/members', { query: { cmid: committeeId, search: search.trim() || undefined, page }, signal });

export function useMembers(committeeId: number | null, search: string, page: number) {
  return useQuery({
    queryKey: [...membersKey, committeeId, search.trim(), page],
    queryFn: ({ signal }) => getMembers(committeeId!, search, page, signal),
    enabled: committeeId !== null,
    placeholderData: keepPreviousData,
  });
}
