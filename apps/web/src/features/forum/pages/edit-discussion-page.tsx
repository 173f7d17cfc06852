import { Alert, Group, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { FORUM_MESSAGES, ROUTES } from '@portal/shared';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageTitle } from '../../../components/page-title';
import { RecordNotFound } from '../../../components/record-not-found';
import { isMissingRecord } from '../../../lib/api-client';
import { idFromPath } from '../../../lib/route-id';
import { useForumThread } from '../api';
import { DiscussionForm } from '../components/discussion-form';

/** /forum/edit-discussion/{id}: the author edits title, category, description and attachments. */
export default function EditDiscussionPage() {
  const id = idFromPath(useParams().id);
  const thread = useForumThread(id);
  const data = thread.data;

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
  return (
    <>
      <PageTitle title={ROUTES.editDiscussion.title} />
      {thread.isError ? (
        <LoadFailedAlert
          title="The discussion could not be loaded"
          error={thread.error}
          onRetry={() => void thread.refetch()}
        />
      ) : !data ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading the discussion" />
        </Group>
      ) : data.abilities['forum.thread.update'] ? (
        <DiscussionForm key={data.id} committeeId={data.committee_id} thread={data} />
      ) : (
        <Alert color="red" title="Error" role="alert">
          {FORUM_MESSAGES.authorOnly}
        </Alert>
      )}
    </>
  );
}
