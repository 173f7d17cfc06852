import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ForumCategory,
  ForumReply,
  ForumSearchResults,
  ForumThreadDetail,
  ForumThreadList,
  ForumThreadSummary,
  MemberList,
  MessageBody,
} from '@portal/shared';
import { api } from '../../lib/api-client';

/** The query keys of the forum's calls; ['forum'] covers them all (a committee switch clears it). */
export const forumKey = ['forum'] as const;
export const threadsKey = [...forumKey, 'threads'] as const;
export const threadKey = (id: number) => [...forumKey, 'thread', id] as const;
export const searchKey = [...forumKey, 'search'] as const;
export const membersKey = [...forumKey, 'members'] as const;

/** GET /forumcategories (a failure is only logged: the form's Category stays empty, spec/02 section 8). */
export const getCategories = (signal?: AbortSignal) => api.get<ForumCategory[]>('/forumcategories', { signal });

export function useForumCategories() {
  return useQuery({
    queryKey: [...forumKey, 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
}

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

/** GET /forumthreads/{id}?page=: the discussion, a page of its replies (newest first) and every attachment. */
export const getThread = (id: number, page: number, signal?: AbortSignal) =>
  api.get<ForumThreadDetail>(`/forumthreads/${id}`, { query: { page }, signal });

export function useForumThread(id: number | null, page = 1) {
  return useQuery({
    queryKey: [...threadKey(id ?? 0), page],
    queryFn: ({ signal }) => getThread(id!, page, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

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

/** GET /forum/members?cmid=&search=&page=: the committee's members, 20 a page. */
export const getMembers = (committeeId: number, search: string, page: number, signal?: AbortSignal) =>
  api.get<MemberList>('/forum/members', {
    query: { cmid: committeeId, search: search.trim() || undefined, page },
    signal,
  });

export function useMembers(committeeId: number | null, search: string, page: number) {
  return useQuery({
    queryKey: [...membersKey, committeeId, search.trim(), page],
    queryFn: ({ signal }) => getMembers(committeeId!, search, page, signal),
    enabled: committeeId !== null,
    placeholderData: keepPreviousData,
  });
}

export interface ThreadInput {
  committeeId: number;
  title: string;
  categoryId: string;
  content: string;
  /** New files. */
  files: File[];
  /** Editing: ids of the attachments kept. */
  keep?: number[];
}

/** The spec's multipart fields, text first (the server refuses early), then files[]. */
export function threadForm(input: ThreadInput, threadId?: number): FormData {
  const form = new FormData();
  if (threadId !== undefined) {
    form.append('_method', 'put');
    form.append('threadId', String(threadId));
  }
  form.append('committeId', String(input.committeeId));
  form.append('discussionTitle', input.title);
  form.append('categories', input.categoryId);
  form.append('postContent', input.content);
  form.append('filesCount', String(input.files.length));
  for (const id of input.keep ?? []) form.append('existingFiles[]', String(id));
  for (const file of input.files) form.append('files[]', file, file.name);
  return form;
}

/** POST /forumthreads (new) or POST /forumthreads/{id} with _method=put (edit). */
export function useSaveThread(threadId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ThreadInput) =>
      api.post<{ message: string; thread: ForumThreadSummary }>(
        threadId === undefined ? '/forumthreads' : `/forumthreads/${threadId}`,
        threadForm(input, threadId),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKey }),
  });
}

export interface ReplyInput {
  threadId: number;
  committeeId: number;
  content: string;
  files: File[];
  /** Editing: the reply and the ids of its attachments kept. */
  replyId?: number;
  keep?: number[];
}

export function replyForm(input: ReplyInput): FormData {
  const form = new FormData();
  if (input.replyId !== undefined) {
    form.append('_method', 'put');
    form.append('replyId', String(input.replyId));
  } else {
    form.append('threadId', String(input.threadId));
  }
  form.append('committeId', String(input.committeeId));
  form.append('postContent', input.content);
  form.append('filesCount', String(input.files.length));
  for (const id of input.keep ?? []) form.append('existingFiles[]', String(id));
  for (const file of input.files) form.append('files[]', file, file.name);
  return form;
}

/** POST /forumreply (new) or POST /forumreply/{id} with _method=put (edit). */
export function useSaveReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReplyInput) =>
      api.post<{ message: string; reply: ForumReply }>(
        input.replyId === undefined ? '/forumreply' : `/forumreply/${input.replyId}`,
        replyForm(input),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKey }),
  });
}

/** DELETE /forumthreads/{id}: the discussion with its replies and attachments. */
export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageBody>(`/forumthreads/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadsKey }),
  });
}

/** DELETE /forumreply/{id}. */
export function useDeleteReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageBody>(`/forumreply/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKey }),
  });
}

/** GET /forum/follow/{id} or /forum/unfollow/{id}. */
export function useFollowThread(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      api.get<{ message: string; following: boolean }>(`/forum/${follow ? 'follow' : 'unfollow'}/${threadId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKey(threadId) }),
  });
}
