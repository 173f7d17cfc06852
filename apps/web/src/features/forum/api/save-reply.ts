import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForumReply } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { forumKey } from './keys';

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
      api.post<{ message: string; reply: ForumReply }>(input.replyId === undefined ? '/forumreply' : `/forumreply/${input.replyId}`, replyForm(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKey }),
  });
}
