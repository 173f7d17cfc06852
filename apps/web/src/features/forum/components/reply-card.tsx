import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ForumReply } from '@portal/shared';
import { formatDateTime } from '../../../lib/dates';
import { confirmThenRun } from '../../../lib/confirm-then-run';
import { useDeleteReply } from '../api';
import { authorName } from '../forum-state';
import { AttachmentLink } from './attachment-link';
import { PostBody } from './post-body';
import { LazyReplyForm } from './lazy-reply-form';

/** One reply: author, date, body, attachments; Edit (in place) and Delete for its author only. */
export function ReplyCard({ reply, committeeId }: { reply: ForumReply; committeeId: number }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteReply();
  const name = authorName(reply.user);

  // Deletes ask first, then say it worked in a modal of their own (spec/02 section 4).
  const confirmDelete = () =>
    confirmThenRun({
      title: 'Delete reply',
      text: 'Delete this reply and its attachments? This cannot be undone.',
      confirm: 'Delete',
      run: () => remove.mutateAsync(reply.id),
    });

  return (
    <Card withBorder component="article" aria-label={`Reply by ${name}`}>
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap" gap="xs">
        <div>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(reply.created_at)}
            {reply.updated_at !== reply.created_at ? ' · edited' : ''}
          </Text>
        </div>
        {!editing && (reply.abilities['forum.reply.update'] || reply.abilities['forum.reply.delete']) && (
          <Group gap="xs">
            {reply.abilities['forum.reply.update'] && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
            )}
            {reply.abilities['forum.reply.delete'] && (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={confirmDelete}
                loading={remove.isPending}
              >
                Delete
              </Button>
            )}
          </Group>
        )}
      </Group>
      {editing ? (
        <LazyReplyForm
          threadId={reply.thread_id}
          committeeId={committeeId}
          editing={{ id: reply.id, post: reply.post, documents: reply.documents }}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Stack gap="xs">
          <PostBody html={reply.post} />
          {reply.documents.map((d) => (
            <AttachmentLink key={d.id} doc={d} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
