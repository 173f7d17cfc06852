import { Alert, Button, Group, Loader } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FORUM_MESSAGES, ROUTES } from '@portal/shared';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../../lib/session';
import { useForumThreads } from '../api';
import { DiscussionForm } from '../components/discussion-form';

/**
 * /forum/new-discussion: starts a discussion in the current committee. Opened by its address in a
 * committee where the user may not start one, it says so before anyone types (the server's
 * abilities of the committee's forum decide, as for the list's New Discussion button).
 */
export default function NewDiscussionPage() {
  const { committeeId } = useSession();
  const forum = useForumThreads(committeeId, 1);
  return (
    <>
      <PageTitle title={ROUTES.newDiscussion.title} />
      {committeeId === null ? (
        <Alert color="gray">Choose a committee first.</Alert>
      ) : forum.isError ? (
        <LoadFailedAlert
          title="The forum could not be loaded"
          error={forum.error}
          onRetry={() => void forum.refetch()}
        />
      ) : !forum.data ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading the forum" />
        </Group>
      ) : forum.data.abilities['forum.thread.create'] ? (
        <DiscussionForm committeeId={committeeId} />
      ) : (
        <Alert color="blue" title="You cannot start a discussion here">
          {FORUM_MESSAGES.writeNotAllowed} Ask the committee's admin if you need to.
          <Group mt="md">
            <Button
              component={Link}
              to={ROUTES.forum.path}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              Back to Forum
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
