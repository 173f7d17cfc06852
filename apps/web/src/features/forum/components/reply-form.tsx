import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { FORUM_MESSAGES, htmlHasText, replyForm as replySchema, type ForumDocument } from '@portal/shared';
import { applyServerErrors, useSchemaForm } from '../../../lib/form';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { notifyFormError, notifyFormSuccess } from '../../../lib/notify';
import { useSaveReply } from '../api';
import { AttachmentsInput } from './attachments-input';
import { PostEditorBox } from './post-editor-box';

export interface ReplyFormProps {
  threadId: number;
  committeeId: number;
  /** Editing a reply: its id, body and attachments. */
  editing?: { id: number; post: string; documents: ForumDocument[] };
  onDone?: () => void;
  onCancel?: () => void;
}

/**
 * The reply box under a discussion, and the edit mode of a reply: rich text with attachments, Post
 * disabled while empty or while posting; the spec's success texts, errors as an 'Error' notice.
 */
export function ReplyForm({ threadId, committeeId, editing, onDone, onCancel }: ReplyFormProps) {
  const formId = editing ? `forum-reply-${editing.id}` : `forum-reply-new-${threadId}`;
  const form = useSchemaForm<{ postContent: string }>(replySchema, {
    initialValues: { postContent: editing?.post ?? '' },
  });
  const [files, setFiles] = useState<File[]>([]);
  const [keep, setKeep] = useState<number[]>(editing?.documents.map((d) => d.id) ?? []);
  const [resetKey, setResetKey] = useState(0);
  const save = useSaveReply();
  const content = form.getValues().postContent;
  useUnsavedChangesGuard(form.isDirty() || files.length > 0);

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ threadId, committeeId, content: values.postContent, files, replyId: editing?.id, keep });
      notifyFormSuccess(formId, editing ? FORUM_MESSAGES.replyEdited : FORUM_MESSAGES.replyCreated);
      if (!editing) {
        form.reset();
        setFiles([]);
        setResetKey((k) => k + 1);
      }
      onDone?.();
    } catch (error) {
      const rest = applyServerErrors(form, error);
      if (rest) notifyFormError(formId, rest);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Edit reply' : 'Reply'}>
      <Stack gap="sm">
        <PostEditorBox
          label={editing ? 'Edit your reply' : 'Your reply'}
          value={content}
          onChange={(html) => form.setFieldValue('postContent', html)}
          error={form.errors.postContent}
          resetKey={resetKey}
          disabled={save.isPending}
          required
        />
        <AttachmentsInput
          files={files}
          onFilesChange={setFiles}
          existing={editing?.documents}
          keep={keep}
          onKeepChange={setKeep}
          disabled={save.isPending}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={save.isPending} disabled={save.isPending || !htmlHasText(content)}>
            {editing ? 'Save' : 'Post'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
