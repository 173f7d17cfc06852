import { Alert, Button, Card, Group } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { pathTo, ROUTES } from '@portal/shared';
import { PageTitle } from '../../components/page-title';
import { RecordLoadError } from '../../components/record-not-found';
import { RegistrationSummary } from '../../components/registration/registration-summary';
import { formatDate } from '../../lib/dates';
import { useRegistrationCategories, useUserRequest } from './api';
import { DecisionModals, useDecision } from './decision-modals';

/** /admin/pending-registration/{id}: the registration in full, with Approve, Reject and Edit. */
export default function PendingRegistrationPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const request = useUserRequest(Number.isInteger(id) && id > 0 ? id : null);
  const { step, setStep, result, run, pending } = useDecision(id);
  const categories = useRegistrationCategories();

  if (request.isError)
    return (
      <RecordLoadError
        query={request}
        notFound={{
          title: 'Registration not found',
          text: 'This registration does not exist, or it is not one you handle.',
          backTo: ROUTES.adminPendingRegistrationAll.path,
          backLabel: 'All Pending Registrations',
        }}
        loadFailed="The registration could not be loaded."
      />
    );
  const r = request.data;

  return (
    <>
      <PageTitle
        title={ROUTES.adminPendingRegistration.title}
        description={r ? `${r.name}, registered on ${formatDate(r.created_at)}` : undefined}
        actions={
          r?.can_decide && (
            <Group gap="sm">
              <Button
                variant="default"
                component={Link}
                to={pathTo('adminEditRegistration', { id })}
                leftSection={<IconEdit size={16} aria-hidden />}
              >
                Edit
              </Button>
              <Button color="red" variant="light" onClick={() => setStep('reject')}>
                Reject
              </Button>
              <Button onClick={() => setStep('approve')}>Approve</Button>
            </Group>
          )
        }
      />
      {r && r.status !== 'pending' && (
        <Alert color="brand" mb="md">
          This registration was {r.status} {r.decided_by ? `by ${r.decided_by}` : ''}{' '}
          {r.decided_at ? `on ${formatDate(r.decided_at)}` : ''}.
        </Alert>
      )}
      {r && r.status === 'pending' && !r.can_decide && (
        <Alert color="brand" mb="md">
          {r.decide_note ?? 'Another administrator decides this request.'}
        </Alert>
      )}
      {r?.registration && (
        <Card>
          <RegistrationSummary values={r.registration} categories={categories.data?.data} />
        </Card>
      )}
      {r && (
        <DecisionModals
          step={step}
          setStep={setStep}
          what="registration"
          name={r.name}
          pending={pending}
          result={result}
          onApprove={() => run({ status: 'approve', type: 'create', data: [] }, 'approved')}
          onReject={(reason) => run({ status: 'reject', type: 'create', data: [], reject_reason: reason }, 'rejected')}
          onFinished={() => void navigate(ROUTES.adminOutstandingActivities.path)}
        />
      )}
    </>
  );
}
