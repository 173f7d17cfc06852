import { useState } from 'react';
import {
  Button,
  Card,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import {
  assessorProfileForm,
  isAustralia,
  PRODUCT_NAME,
  profileChangeRequest,
  REGISTRATION_MESSAGES as M,
  ROUTES,
  sameProfileValue,
  type Profile,
} from '@portal/shared';
import { AssessorCards } from '../../components/assessor-cards';
import { UploadDocumentModal } from '../../components/documents/upload-modal';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { PageTitle } from '../../components/page-title';
import { StateSelect } from '../../components/state-select';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { isApiError } from '../../lib/api-client';
import { notifyError, notifyFormError, notifyFormSuccess, notifySuccess } from '../../lib/notify';
import { useProfile, useRemoveCompetencyDocument, useRequestProfileChange, uploadCompetencyDocument } from './api';

const FORM_ID = 'edit-profile';

interface Values extends Record<string, unknown> {
  first_name: string;
  middle_name: string;
  last_name: string;
  title: string;
  /** The flat contact fields; an assessor's are their primary rows (left out of their form). */
  mobile_number?: string;
  email?: string;
  address?: string;
  country?: string;
  state?: string | null;
  suburb?: string;
  postcode?: string;
  user_info?: {
    emails: { Type: string; email: string; isPrimary: boolean }[];
    phones: { Type: string; countryCode: string; phoneNumber: string; isPrimary: boolean }[];
    addresses: {
      Type: string;
      AddressLine: string;
      Country: string;
      State: string;
      Suburb: string;
      Postcode: string;
      isPrimary: boolean;
    }[];
  };
  competency?: { suggestChanges: string; document: string | null; orgDoc: string | null };
}

/**
 * The form's values. An assessor's email, phone and address are edited once, in their cards (the
 * primary rows are copied into the flat fields on approval), so their form has no flat ones.
 */
function valuesOf(p: Profile): Values {
  const names = {
    first_name: p.first_name,
    middle_name: p.middle_name ?? '',
    last_name: p.last_name,
    title: p.title ?? '',
  };
  if (p.assessor)
    return {
      ...names,
      user_info: { emails: p.user_info.emails, phones: p.user_info.phones, addresses: p.user_info.addresses },
      competency: { suggestChanges: '', document: null, orgDoc: null },
    };
  return {
    ...names,
    mobile_number: p.mobile_number ?? '',
    email: p.email,
    address: p.address ?? '',
    country: p.country ?? '',
    state: p.state,
    suburb: p.suburb ?? '',
    postcode: p.postcode ?? '',
  };
}

type Form = UseFormReturnType<Values>;

/**
 * The suggested-changes document (spec/02 'Competency suggestion'): uploaded at once through the
 * shared upload modal, held by the server until the change is sent with it; removable until then.
 */
function SuggestionDocument({ form }: { form: Form }) {
  const [uploading, setUploading] = useState(false);
  const remove = useRemoveCompetencyDocument();
  const competency = form.getValues().competency;
  const document = competency?.document ?? null;
  const clear = () => {
    form.setFieldValue('competency.document', null as never);
    form.setFieldValue('competency.orgDoc', null as never);
  };
  const removeDocument = () =>
    remove.mutate(document!, {
      onSuccess: (res) => {
        clear();
        notifySuccess(res.message || M.competencyRemoved);
      },
      // The server's message, else the spec's (the network, a 5xx).
      onError: (error) =>
        notifyError(
          isApiError(error) && error.status > 0 && error.status < 500 ? error : M.competencyRemoveFailed,
          M.competencyRemoveFailed,
        ),
    });
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Suggested changes document
      </Text>
      {document ? (
        <Paper withBorder p="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ThemeIcon variant="light" radius="md">
                <IconFile size={18} aria-hidden />
              </ThemeIcon>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {competency?.orgDoc ?? 'Uploaded document'}
              </Text>
            </Group>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              style={{ flexShrink: 0 }}
              leftSection={<IconTrash size={14} aria-hidden />}
              loading={remove.isPending}
              onClick={removeDocument}
            >
              Remove
            </Button>
          </Group>
        </Paper>
      ) : (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUpload size={14} aria-hidden />}
            onClick={() => setUploading(true)}
          >
            Upload Document
          </Button>
        </Group>
      )}
      <Text size="xs" c="dimmed">
        A document with your suggested changes (optional); it is sent with your profile change.
      </Text>
      <UploadDocumentModal
        opened={uploading}
        onClose={() => setUploading(false)}
        title="Upload Suggested Changes"
        withDescription={false}
        send={(file, _description, options) => uploadCompetencyDocument(file, options)}
        onUploaded={(res) => {
          form.setFieldValue('competency.document', res.data.fileName as never);
          form.setFieldValue('competency.orgDoc', res.data.orgDoc as never);
        }}
      />
    </Stack>
  );
}

function EditProfileForm({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const save = useRequestProfileChange();
  const initial = valuesOf(profile);
  const form = useSchemaForm<Values>(profile.assessor ? assessorProfileForm : profileChangeRequest, {
    initialValues: initial,
  });
  const values = form.getValues();
  const foreign = !isAustralia(values.country);
  // Compared as the server compares them: a value typed and restored is no change.
  const changed =
    !sameProfileValue({ ...values, competency: undefined }, { ...initial, competency: undefined }) ||
    Boolean(values.competency?.suggestChanges.trim()) ||
    Boolean(values.competency?.document);
  const guard = useUnsavedChangesGuard(changed);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        // Nothing really changed: nothing is sent (the server would answer the same).
        if (!changed) return notifyFormError(FORM_ID, M.profileUnchanged);
        save.mutate(profile.assessor ? v : { ...v, state: isAustralia(v.country) ? v.state : 'Other' }, {
          onSuccess: () => {
            notifyFormSuccess(FORM_ID, M.profileSubmitted(PRODUCT_NAME));
            guard.release();
            void navigate(ROUTES.profile.path);
          },
          onError: (error) => {
            const rest = applyServerErrors(form, error);
            if (rest) notifyFormError(FORM_ID, rest);
          },
        });
      })}
    >
      <Stack gap="md">
        <Card component="section" aria-label="Personal Details">
          <Title order={2} size="h5" mb="sm">
            Personal Details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label="First Name" required autoComplete="given-name" {...form.getInputProps('first_name')} />
            <TextInput label="Middle Name" autoComplete="additional-name" {...form.getInputProps('middle_name')} />
            <TextInput label="Last Name" required autoComplete="family-name" {...form.getInputProps('last_name')} />
            <TextInput label="Position Title" autoComplete="organization-title" {...form.getInputProps('title')} />
            {!profile.assessor && (
              <>
                <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('mobile_number')} />
                <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
              </>
            )}
          </SimpleGrid>
        </Card>
        {!profile.assessor && (
          <Card component="section" aria-label="Address">
            <Title order={2} size="h5" mb="sm">
              Address
            </Title>
            <Stack gap="sm">
              <TextInput label="Address" autoComplete="street-address" {...form.getInputProps('address')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <TextInput
                  label="Country"
                  autoComplete="country-name"
                  {...form.getInputProps('country')}
                  onChange={(e) => {
                    const country = e.currentTarget.value;
                    form.setFieldValue('country', country);
                    if (!isAustralia(country)) form.setFieldValue('state', 'Other');
                  }}
                />
                <StateSelect
                  {...form.getInputProps('state')}
                  disabled={foreign}
                  value={foreign ? 'Other' : values.state}
                />
                <TextInput label="Suburb" autoComplete="address-level2" {...form.getInputProps('suburb')} />
                <TextInput
                  label="Post Code"
                  autoComplete="postal-code"
                  inputMode="numeric"
                  {...form.getInputProps('postcode')}
                />
              </SimpleGrid>
            </Stack>
          </Card>
        )}
        {profile.assessor && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <AssessorCards form={form} />
            <Card component="section" aria-label="Competency">
              <Title order={2} size="h5" mb="sm">
                Competency
              </Title>
              <Textarea
                label="Suggested changes to your competencies"
                description="Describe what should change; an administrator reviews it."
                rows={4}
                {...form.getInputProps('competency.suggestChanges')}
              />
              {profile.abilities['profile.competency.suggest'] && (
                <Stack mt="md">
                  <SuggestionDocument form={form} />
                </Stack>
              )}
            </Card>
          </SimpleGrid>
        )}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => void navigate(ROUTES.changePassword.path)}>
            Change Password
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={() => void navigate(ROUTES.profile.path)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** /edit-profile: the change request form (spec/02 section 5 'Profile'); nothing changes until an admin approves. */
export default function EditProfilePage() {
  const profile = useProfile();
  return (
    <>
      <PageTitle
        title={ROUTES.editProfile.title}
        description="Your changes are sent to an administrator for approval."
      />
      {profile.isError && (
        <LoadFailedAlert
          title="Your profile could not be loaded."
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      )}
      {!profile.data && !profile.isError && <Loader aria-label="Loading your profile" />}
      {profile.data && <EditProfileForm profile={profile.data} />}
    </>
  );
}
