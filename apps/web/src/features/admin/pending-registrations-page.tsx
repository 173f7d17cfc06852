import { pathTo, ROUTES } from '@portal/shared';
import { PageTitle } from '../../components/page-title';
import { RequestsTable } from './requests-table';

/** /admin/pending-registration-all: the registrations waiting for this admin. */
export default function PendingRegistrationsPage() {
  return (
    <>
      <PageTitle title={ROUTES.adminPendingRegistrationAll.title} description="Registrations waiting for approval." />
      <RequestsTable
        type="create"
        label="Pending registrations"
        linkTo={(id) => pathTo('adminPendingRegistration', { id })}
      />
    </>
  );
}
