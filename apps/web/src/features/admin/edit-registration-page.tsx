import { useEffect, useState } from 'react';
import { Card, Loader, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { pathTo, registrationEdit, registrationIssues, ROUTES, type UserRequestDetail } from '@portal/shared';
import { useRecordCrumbs } from '../../components/page-crumbs';
import { PageTitle } from '../../components/page-title';
import { FormActions } from '../../components/form-actions';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import {
  emptyRegistration,
  facilityBlocks,
  PersonalFields,
  RoleCards,
  RolesField,
  SubscriptionsField,
  toRequest,
  type RegistrationValues,
} from '../../components/registration/registration-fields';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { notifyFormError, notifyFormSuccess } from '../../lib/notify';
import {
  lookupFacility,
  useCommitteeNames,
  useEditRegistration,
  useRegistrationCategories,
  useUserRequest,
} from './api';

const FORM_ID = 'edit-registration';

/** The stored registration as form values; each facility's offered sites are looked up again. */
async function valuesOf(r: NonNullable<UserRequestDetail['registration']>): Promise<RegistrationValues> {
  return {
    ...emptyRegistration(),
    ...r,
    billing_address: r.billing_address ?? '',
    suburb: r.suburb ?? '',
    state: r.state ?? null,
    country: r.country ?? '',
    postcode: r.postcode ?? '',
    userId: r.userId ?? '',
    facilities: await facilityBlocks(r.facilities, lookupFacility),
    signature: { accept: false, name: '', title: '', date: '', ...r.signature },
  };
}

function EditForm({ id, initial }: { id: number; initial: RegistrationValues }) {
  const navigate = useNavigate();
  const save = useEditRegistration();
  const committeeNames = useCommitteeNames();
  const categories = useRegistrationCategories();
  const form = useSchemaForm<RegistrationValues>(registrationEdit, { initialValues: initial });
  const back = () => void navigate(pathTo('adminPendingRegistration', { id }));

  const submit = () => {
    const issues = registrationIssues(toRequest(form.getValues()), undefined, 'admin');
    form.clearErrors();
    if (issues.length) {
      form.setErrors(Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message])));
      notifyFormError(FORM_ID, issues[0]!.message);
      return;
    }
    save.mutate(
      { id, body: toRequest(form.getValues()) },
      {
        onSuccess: (res) => {
          notifyFormSuccess(FORM_ID, res.message);
          back();
        },
        onError: (error) => {
          const rest = applyServerErrors(form, error);
          notifyFormError(FORM_ID, rest ?? error);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Card component="section" aria-label="Personal details">
        <Stack gap="lg">
          <RolesField form={form} />
          <PersonalFields form={form} />
        </Stack>
      </Card>
      <RoleCards
        form={form}
        onMessage={(m) => notifyFormError(FORM_ID, m)}
        lookupFacility={lookupFacility}
        committeeNames={committeeNames}
      />
      <Card component="section" aria-label="Subscriptions">
        <SubscriptionsField form={form} categories={categories} />
      </Card>
      <FormActions onCancel={back} pending={save.isPending} onSave={submit} />
    </Stack>
  );
}

/** /admin/edit-registration/{id}: Outstanding Activities > All Pending Registrations > Pending Approval > Edit Registration. */
export default function EditRegistrationPage() {
  const id = Number(useParams().id);
  const request = useUserRequest(Number.isInteger(id) && id > 0 ? id : null);
  const [initial, setInitial] = useState<RegistrationValues | null>(null);
  useRecordCrumbs({
    adminPendingRegistration: {
      label: ROUTES.adminPendingRegistration.title,
      to: pathTo('adminPendingRegistration', { id }),
    },
  });
  const registration = request.data?.registration;
  useEffect(() => {
    if (registration) void valuesOf(registration).then(setInitial);
  }, [registration]);

  return (
    <>
      <PageTitle
        title={ROUTES.adminEditRegistration.title}
        description={request.data ? request.data.name : undefined}
      />
      {request.isError && (
        <LoadFailedAlert
          title="The registration could not be loaded."
          error={request.error}
          onRetry={() => void request.refetch()}
        />
      )}
      {!initial && !request.isError && <Loader aria-label="Loading the registration" />}
      {initial && <EditForm id={id} initial={initial} />}
    </>
  );
}
