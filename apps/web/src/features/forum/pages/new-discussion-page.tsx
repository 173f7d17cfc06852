import { Alert } from '@mantine/core';
import { ROUTES } from '@portal/shared';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../../lib/session';
import { DiscussionForm } from '../components/discussion-form';

/** /forum/new-discussion: starts a discussion in the current committee. */
export default function NewDiscussionPage() {
  const { committeeId } = useSession();
  return (
    <>
      <PageTitle title={ROUTES.newDiscussion.title} />
      {committeeId === null ? <Alert color="gray">Choose a committee first.</Alert> : <DiscussionForm committeeId={committeeId} />}
    </>
  );
}
