import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForumThreadSummary } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { forumKey } from './keys';

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
      api.post<{ message: string; thread: ForumThreadSummary }>(threadId === undefined ? '/forumthreads' : `/forumthreads/${threadId}`, threadForm(input, threadId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKey }),
  });
}
