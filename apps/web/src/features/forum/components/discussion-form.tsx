import { useState } from 'react';
import { Button, Card, Group, Select, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  discussionForm,
  FORUM_MESSAGES,
  htmlHasText,
  LIMITS,
  ROUTES,
  type DiscussionFormValues,
  type ForumThreadDetail,
} from '@portal/shared';
import { applyServerErrors, useSchemaForm } from '../../../lib/form';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { notifyFormError, notifyFormSuccess } from '../../../lib/notify';
import { useForumCategories, useSaveThread } from '../api';
import { AttachmentsInput } from './attachments-input';
import { PostEditorBox } from './post-editor-box';

const discussionPath = (id: number) => ROUTES.discussion.path.replace(':id', String(id));

/**
 * New and Edit Discussion (spec/02 sections 2, 5): Discussion Title (required, at most 100),
 * Category (required), Description in the rich-text editor with attachments; Post is disabled
 * while title or content is empty and while posting; Cancel goes back to the discussion when
 * editing, else to the list.
 */
export function DiscussionForm({ committeeId, thread }: { committeeId: number; thread?: ForumThreadDetail }) {
  const navigate = useNavigate();
  const formId = thread ? `forum-thread-${thread.id}` : 'forum-thread-new';
  const categories = useForumCategories();
  const save = useSaveThread(thread?.id);
  const form = useSchemaForm<DiscussionFormValues>(discussionForm, {
    initialValues: {
      discussionTitle: thread?.title ?? '',
      categories: thread?.categories[0] ? String(thread.categories[0].id) : '',
      postContent: thread?.post ?? '',
    },
  });
  const [files, setFiles] = useState<File[]>([]);
  const [keep, setKeep] = useState<number[]>(thread?.documents.map((d) => d.id) ?? []);
  const values = form.getValues();
  const empty = values.discussionTitle.trim() === '' || !htmlHasText(values.postContent);
  const guard = useUnsavedChangesGuard(
    form.isDirty() || files.length > 0 || keep.length !== (thread?.documents.length ?? 0),
  );

  const submit = form.onSubmit(async (v) => {
    try {
      const saved = await save.mutateAsync({
        committeeId: thread?.committee_id ?? committeeId,
        title: v.discussionTitle,
        categoryId: v.categories,
        content: v.postContent,
        files,
        keep,
      });
      notifyFormSuccess(formId, thread ? FORUM_MESSAGES.threadUpdated : FORUM_MESSAGES.threadCreated);
      guard.release();
      void navigate(discussionPath(saved.thread.id));
    } catch (error) {
      const rest = applyServerErrors(form, error);
      if (rest) notifyFormError(formId, rest);
    }
  });

  return (
    <Card maw={880}>
      <form onSubmit={submit} noValidate aria-label={thread ? 'Edit Discussion' : 'New Discussion'}>
        <Stack gap="md">
          <TextInput
            label="Discussion Title"
            required
            maxLength={LIMITS.discussionTitleMax + 50}
            {...form.getInputProps('discussionTitle')}
            disabled={save.isPending}
          />
          <Select
            label="Category"
            required
            withAsterisk={false}
            placeholder={categories.isPending ? 'Loading categories…' : 'Choose a category'}
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            {...form.getInputProps('categories')}
            disabled={save.isPending}
            allowDeselect={false}
            maw={320}
          />
          <PostEditorBox
            eager
            label="Description"
            required
            value={values.postContent}
            onChange={(html) => form.setFieldValue('postContent', html)}
            onBlur={() => form.validateField('postContent')}
            error={form.errors.postContent}
            disabled={save.isPending}
          />
          <AttachmentsInput
            files={files}
            onFilesChange={setFiles}
            existing={thread?.documents}
            keep={keep}
            onKeepChange={setKeep}
            disabled={save.isPending}
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => void navigate(thread ? discussionPath(thread.id) : ROUTES.forum.path)}
              disabled={save.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={empty || save.isPending}>
              Post
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
