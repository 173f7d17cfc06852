import { useEffect, useState } from 'react';
import { Card, Loader, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import {
  pathTo,
  ROUTES,
  USER_EDIT_ROLES,
  userEdit,
  userEditIssues,
  type Role,
  type UserDetail,
  type UserEditInput,
} from '@portal/shared';
import { AssessorCards, type AssessorCardValues } from '../../components/assessor-cards';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { RecordNotFound } from '../../components/record-not-found';
import { isMissingRecord } from '../../lib/api-client';
import { useRecordCrumbs } from '../../components/page-crumbs';
import { PageTitle } from '../../components/page-title';
import { FormActions } from '../../components/form-actions';
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
import { lookupFacility, useCommitteeNames, useRegistrationCategories, useUpdateUser, useUser } from './api';

const FORM_ID = 'edit-personal-details';

type Values = RegistrationValues & { user_info?: AssessorCardValues };

/** The user as the form's values; each facility's offered sites are looked up again. */
async function valuesOf(u: UserDetail): Promise<Values> {
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
    facilities: await facilityBlocks(u.facilities, lookupFacility),
    committees: u.committees.map((c) => ({ id: c.id, value: c.value })),
    subscriptions: u.subscriptions,
    ...(u.detailed_edit && u.user_info ? { user_info: u.user_info } : {}),
  };
}

/**
 * The detailed layout's primary email, phone (country code and number) and address fill the flat
 * fields (spec/02 section 5, TA_ADMIN detailed form).
 */
function withPrimaries(v: Values): Values {
  const info = v.user_info;
  if (!info) return v;
  const email = info.emails.find((e) => e.isPrimary);
  const phone = info.phones.find((p) => p.isPrimary);
  const address = info.addresses.find((a) => a.isPrimary);
  return {
    ...v,
    ...(email ? { email: email.email } : {}),
    ...(phone ? { mobile_number: `${phone.countryCode}${phone.phoneNumber}`.replace(/\s+/g, '') } : {}),
    ...(address
      ? {
          address: address.AddressLine,
          country: address.Country,
          state: address.State || null,
          suburb: address.Suburb,
          postcode: address.Postcode,
        }
      : {}),
  };
}

/** The values as PUT /users/{id} takes them: the registration's, without the billing address and signature. */
function toBody(values: Values): UserEditInput {
  const v = withPrimaries(values);
  const { billing_address: _b, signature: _s, ...rest } = toRequest(v);
  return { ...rest, roles: v.roles as UserEditInput['roles'], ...(v.user_info ? { user_info: v.user_info } : {}) };
}

function EditForm({ id, initial, grantable }: { id: number; initial: Values; grantable: readonly Role[] }) {
  const navigate = useNavigate();
  const save = useUpdateUser();
  const committeeNames = useCommitteeNames();
  const categories = useRegistrationCategories();
  const form = useSchemaForm<Values>(userEdit, { initialValues: initial });
  const detailed = initial.user_info !== undefined;

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
      {detailed ? (
        <>
          <Card component="section" aria-label="Personal Details">
            <Title order={2} size="h5" mb="sm">
              Personal Details
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput label="Position Title" required {...form.getInputProps('title')} />
              <TextInput label="First Name" required {...form.getInputProps('first_name')} />
              <TextInput label="Last Name" required {...form.getInputProps('last_name')} />
            </SimpleGrid>
          </Card>
          <Card component="section" aria-label="User Roles">
            <RolesField
              form={form}
              roles={USER_EDIT_ROLES}
              grantable={grantable}
              label="User Roles"
              description="Choose every role the user holds."
            />
          </Card>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <AssessorCards form={form} addresses="byType" />
          </SimpleGrid>
        </>
      ) : (
        <Card component="section" aria-label="Personal details">
          <Stack gap="lg">
            <RolesField
              form={form}
              roles={USER_EDIT_ROLES}
              grantable={grantable}
              description="Choose every role the user holds."
            />
            <PersonalFields form={form} billing={false} />
          </Stack>
        </Card>
      )}
      <RoleCards
        form={form}
        onMessage={(m) => notifyFormError(FORM_ID, m)}
        lookupFacility={lookupFacility}
        committeeNames={committeeNames}
      />
      {!detailed && (
        <Card component="section" aria-label="Subscriptions">
          <SubscriptionsField form={form} categories={categories} />
        </Card>
      )}
      <FormActions
        onCancel={() => void navigate(pathTo('adminUser', { id }))}
        pending={save.isPending}
        onSave={submit}
      />
    </Stack>
  );
}

/** /admin/edit-personal-details/{id}: All Users > User Profile > Edit Personal Details. */
export default function EditPersonalDetailsPage() {
  const id = Number(useParams().id);
  const user = useUser(Number.isInteger(id) && id > 0 ? id : null);
  const [initial, setInitial] = useState<Values | null>(null);
  const u = user.data;
  useRecordCrumbs(
    u ? { adminUser: { label: `${u.first_name} ${u.last_name}`.trim(), to: pathTo('adminUser', { id }) } } : null,
  );
  useEffect(() => {
    if (u) void valuesOf(u).then(setInitial);
  }, [u]);

  if (user.isError && isMissingRecord(user.error))
    return (
      <RecordNotFound
        title="User not found"
        text="This user does not exist, or is not one you manage."
        backTo={ROUTES.adminUsers.path}
        backLabel="All Users"
      />
    );
  return (
    <>
      <PageTitle title={ROUTES.adminEditPersonalDetails.title} />
      {user.isError && (
        <LoadFailedAlert title="The user could not be loaded." error={user.error} onRetry={() => void user.refetch()} />
      )}
      {!initial && !user.isError && <Loader aria-label="Loading the user" />}
      {initial && u && <EditForm id={id} initial={initial} grantable={u.grantable_roles} />}
    </>
  );
}
