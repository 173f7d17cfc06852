import { pathTo, ROUTES } from '@portal/shared';
import { PageTitle } from '../../components/page-title';
import { RequestsTable } from './requests-table';

/** /admin/pending-profile-change-all: breadcrumb Outstanding Activities > All Pending Profile Change. */
export default function PendingProfileChangesPage() {
  return (
    <>
      <PageTitle
        title={ROUTES.adminPendingProfileChangeAll.title}
        description="Profile changes waiting for approval."
      />
      <RequestsTable
        type="update"
        label="Pending profile changes"
        linkTo={(id) => pathTo('adminPendingProfileChange', { id })}
      />
    </>
  );
}
