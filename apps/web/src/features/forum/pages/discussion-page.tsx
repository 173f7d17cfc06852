import { useEffect } from 'react';
import { Badge, Button, Card, Grid, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconBell, IconBellOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { FORUM_LIMITS, FORUM_MESSAGES, ROUTES } from '@portal/shared';
import { CardHeader } from '../../../components/card-header';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useRecordCrumbs } from '../../../components/page-crumbs';
import { RecordNotFound } from '../../../components/record-not-found';
import { isMissingRecord } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { notifyError } from '../../../lib/notify';
import { idFromPath } from '../../../lib/route-id';
import { useListParams } from '../../../lib/list-params';
import { useDeleteThread, useFollowThread, useForumThread } from '../api';
import { AttachmentLink } from '../components/attachment-link';
import { PostBody } from '../components/post-body';
import { ReplyCard } from '../components/reply-card';
import { LazyReplyForm } from '../components/lazy-reply-form';
import { authorName, markLeftDiscussion } from '../forum-state';

/**
 * /discussion/{id}: the discussion (title, poster, date, body, attachments), Follow/Unfollow, the
 * reply box, the replies newest first, and a Related Documents card with every attachment of the
 * thread and its replies. Edit and Delete show only for the author (the server's abilities).
 */
export default function DiscussionPage() {
  const id = idFromPath(useParams().id);
  const navigate = useNavigate();
  const { page, setPage } = useListParams({
    perPage: FORUM_LIMITS.repliesPerPage,
    perPageOptions: [FORUM_LIMITS.repliesPerPage],
  });
  const thread = useForumThread(id, page);
  const follow = useFollowThread(id ?? 0);
  const remove = useDeleteThread();
  const data = thread.data;
  useRecordCrumbs(data ? { discussion: { label: data.title } } : null);

  // Going back to the list from here keeps its cache (spec/01 2.2).
  useEffect(() => () => markLeftDiscussion(), []);

  if (id === null || (thread.isError && isMissingRecord(thread.error))) {
    return (
      <RecordNotFound
        title="Discussion not found"
        text="This discussion does not exist, or it is not in one of your committees."
        backTo={ROUTES.forum.path}
        backLabel="Back to Forum"
      />
    );
  }
  if (thread.isError)
    return (
      <LoadFailedAlert
        title="The discussion could not be loaded"
        error={thread.error}
        onRetry={() => void thread.refetch()}
      />
    );
  if (!data) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label="Loading the discussion" />
      </Group>
    );
  }

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete discussion',
      children: (
        <Text size="sm">Delete this discussion with all its replies and attachments? This cannot be undone.</Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(data.id, {
          onSuccess: () => {
            modals.inform('Success', FORUM_MESSAGES.threadDeleted);
            void navigate(ROUTES.forum.path);
          },
          onError: (error) => notifyError(error),
        }),
    });

  const pages = Math.max(1, Math.ceil(data.replies_total / data.per_page));

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Card component="article" aria-labelledby="discussion-title">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
              <Stack gap={4}>
                <Title order={1} size="h2" id="discussion-title">
                  {data.title}
                </Title>
                <Group gap="xs" wrap="wrap">
                  {data.categories[0] && <Badge variant="light">{data.categories[0].name}</Badge>}
                  <Text size="sm" c="dimmed">
                    Posted by {authorName(data.user)} on {formatDateTime(data.created_at)}
                  </Text>
                </Group>
              </Stack>
              <Group gap="xs">
                {data.abilities['forum.thread.follow'] && (
                  <Button
                    variant={data.is_following ? 'default' : 'light'}
                    leftSection={
                      data.is_following ? <IconBellOff size={16} aria-hidden /> : <IconBell size={16} aria-hidden />
                    }
                    loading={follow.isPending}
                    onClick={() => follow.mutate(!data.is_following, { onError: (error) => notifyError(error) })}
                  >
                    {data.is_following ? 'Unfollow' : 'Follow'}
                  </Button>
                )}
                {data.abilities['forum.thread.update'] && (
                  <Button
                    component={Link}
                    to={ROUTES.editDiscussion.path.replace(':id', String(data.id))}
                    variant="default"
                    leftSection={<IconPencil size={16} aria-hidden />}
                  >
                    Edit
                  </Button>
                )}
                {data.abilities['forum.thread.delete'] && (
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={confirmDelete}
                    loading={remove.isPending}
                  >
                    Delete
                  </Button>
                )}
              </Group>
            </Group>
            <PostBody html={data.post} />
            {data.documents.length > 0 && (
              <Stack gap={4} mt="md">
                <Text size="sm" fw={600}>
                  Attachments
                </Text>
                {data.documents.map((d) => (
                  <AttachmentLink key={d.id} doc={d} />
                ))}
              </Stack>
            )}
          </Card>

          {data.abilities['forum.reply.create'] && (
            <Card>
              <CardHeader title="Reply" />
              <LazyReplyForm threadId={data.id} committeeId={data.committee_id} />
            </Card>
          )}

          <section aria-label="Replies">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Replies ({data.replies_total})
              </Title>
              {data.replies.length === 0 && (
                <Text size="sm" c="dimmed">
                  No replies yet.
                </Text>
              )}
              {data.replies.map((r) => (
                <ReplyCard key={r.id} reply={r} committeeId={data.committee_id} />
              ))}
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                />
              )}
            </Stack>
          </section>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card>
          <CardHeader title="Related Documents" />
          {data.related_documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              No documents available!
            </Text>
          ) : (
            <Stack gap={6}>
              {data.related_documents.map((d) => (
                <AttachmentLink key={d.id} doc={d} />
              ))}
            </Stack>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}
