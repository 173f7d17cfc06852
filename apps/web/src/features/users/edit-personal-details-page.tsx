import { useEffect, useState } from 'react';
import { Button, Card, Group, Loader, Stack, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import {
  pathTo,
  ROUTES,
  USER_EDIT_ROLES,
  userEdit,
  userEditIssues,
  type UserDetail,
  type UserEditInput,
} from '@portal/shared';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { useRecordCrumbs } from '../../components/page-crumbs';
import { PageTitle } from '../../components/page-title';
import {
  CommitteesField,
  emptyFacility,
  emptyRegistration,
  FacilitiesFields,
  PersonalFields,
  RolesField,
  SubscriptionsField,
  toRequest,
  type RegistrationValues,
} from '../../components/registration/registration-fields';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { notifyFormError, notifyFormSuccess } from '../../lib/notify';
import { lookupFacility, useCommitteeNames, useRegistrationCategories, useUpdateUser, useUser } from './api';

const FORM_ID = 'edit-personal-details';
const COMMITTEES_HEADING = 'Select at least One or More Committees if Applicable from the List of Committees';

/** The user as the form's values; each facility's offered sites are looked up again. */
async function valuesOf(u: UserDetail): Promise<RegistrationValues> {
  const facilities = await Promise.all(
    u.facilities.map(async (f) => {
      const found = await lookupFacility(f.facility_number).catch(() => null);
      return { ...emptyFacility(), ...f, allSites: found?.sites ?? [] };
    }),
  );
  return {
    ...emptyRegistration(),
    first_name: u.first_name,
    last_name: u.last_name,
    title: u.title ?? '',
    email: u.email,
    mobile_number: u.mobile_number ?? '',
    address: u.address ?? '',
    suburb: u.suburb ?? '',
    state: u.state,
    country: u.country ?? '',
    postcode: u.postcode ?? '',
    userId: u.resource_id ?? '',
    roles: u.roles.filter((r) => (USER_EDIT_ROLES as readonly string[]).includes(r)),
    facilities: facilities.length ? facilities : [emptyFacility()],
    committees: u.committees.map((c) => ({ id: c.id, value: c.value })),
    subscriptions: u.subscriptions,
  };
}

/** The values as PUT /users/{id} takes them: the registration's, without the billing address and signature. */
function toBody(v: RegistrationValues): UserEditInput {
  const { billing_address: _b, signature: _s, ...rest } = toRequest(v);
  return { ...rest, roles: v.roles as UserEditInput['roles'] };
}

function EditForm({ id, initial }: { id: number; initial: RegistrationValues }) {
  const navigate = useNavigate();
  const save = useUpdateUser();
  const committeeNames = useCommitteeNames();
  const categories = useRegistrationCategories();
  const form = useSchemaForm<RegistrationValues>(userEdit, { initialValues: initial });
  const roles = form.getValues().roles;

  const submit = () => {
    const body = toBody(form.getValues());
    const issues = userEditIssues(body);
    form.clearErrors();
    if (issues.length) {
      form.setErrors(Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message])));
      notifyFormError(FORM_ID, issues[0]!.message);
      return;
    }
    save.mutate(
      { id, body },
      {
        onSuccess: (res) => {
          notifyFormSuccess(FORM_ID, res.message);
          void navigate(ROUTES.adminUsers.path);
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
          <RolesField form={form} roles={USER_EDIT_ROLES} description="Choose every role the user holds." />
          <PersonalFields form={form} billing={false} />
        </Stack>
      </Card>
      {roles.includes('AR') && (
        <Card component="section" aria-label="Facilities">
          <Title order={2} size="h5" mb="sm">
            Facilities
          </Title>
          <FacilitiesFields
            form={form}
            onMessage={(m) => notifyFormError(FORM_ID, m)}
            lookupFacility={lookupFacility}
          />
        </Card>
      )}
      {roles.includes('CM') && (
        <Card component="section" aria-label="Committees">
          <CommitteesField form={form} heading={COMMITTEES_HEADING} names={committeeNames} />
        </Card>
      )}
      <Card component="section" aria-label="Subscriptions">
        <SubscriptionsField form={form} categories={categories} />
      </Card>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => void navigate(pathTo('adminUser', { id }))} disabled={save.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/edit-personal-details/{id}: All Users > User Profile > Edit Personal Details. */
export default function EditPersonalDetailsPage() {
  const id = Number(useParams().id);
  const user = useUser(Number.isInteger(id) && id > 0 ? id : null);
  const [initial, setInitial] = useState<RegistrationValues | null>(null);
  const u = user.data;
  useRecordCrumbs(
    u ? { adminUser: { label: `${u.first_name} ${u.last_name}`.trim(), to: pathTo('adminUser', { id }) } } : null,
  );
  useEffect(() => {
    if (u) void valuesOf(u).then(setInitial);
  }, [u]);

  return (
    <>
      <PageTitle title={ROUTES.adminEditPersonalDetails.title} />
      {user.isError && (
        <LoadFailedAlert title="The user could not be loaded." error={user.error} onRetry={() => void user.refetch()} />
      )}
      {!initial && !user.isError && <Loader aria-label="Loading the user" />}
      {initial && <EditForm id={id} initial={initial} />}
    </>
  );
}
