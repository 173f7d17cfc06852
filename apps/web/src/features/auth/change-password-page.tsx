import { Button, Card, Group, PasswordInput, Stack } from '@mantine/core';
import { changePasswordForm, MESSAGES, ROUTES } from '@portal/shared';
import { PageTitle } from '../../components/page-title';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { notifyFormError, notifyFormSuccess } from '../../lib/notify';
import { useChangePassword } from './api';

/** The id of this form's notices: a success takes an earlier error notice away. */
const FORM_ID = 'change-password-form';

interface Values extends Record<string, unknown> {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: Values = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The change-password form of spec/02 5, on the shared changePasswordForm schema. Submit is offered
 * once all three fields are filled and valid. A wrong old password answers under that field only
 * (one feedback per action); a failure naming no field is one notice.
 */
export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const change = useChangePassword();
  const form = useSchemaForm<Values>(changePasswordForm, { initialValues: EMPTY });
  const values = form.getValues();
  const canSubmit = Boolean(values.oldPassword && values.newPassword && values.confirmPassword) && form.isValid();

  const field = (name: 'oldPassword' | 'newPassword' | 'confirmPassword', label: string, autoComplete: string) => (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      required
      placeholder={name === 'oldPassword' ? undefined : MESSAGES.passwordPlaceholder}
      {...form.getInputProps(name)}
    />
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        change.mutate(
          { oldPassword: v.oldPassword, newPassword: v.newPassword },
          {
            onSuccess: (res) => {
              notifyFormSuccess(FORM_ID, res.message || MESSAGES.passwordChanged);
              form.reset();
              onDone?.();
            },
            onError: (error) => {
              const rest = applyServerErrors(form, error);
              if (rest) notifyFormError(FORM_ID, rest);
            },
          },
        ),
      )}
    >
      <Stack gap="md">
        {field('oldPassword', 'Old password', 'current-password')}
        {field('newPassword', 'New password', 'new-password')}
        {field('confirmPassword', 'Confirm password', 'new-password')}
        <Group justify="flex-end">
          <Button type="submit" disabled={!canSubmit} loading={change.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /change-password */
export default function ChangePasswordPage() {
  return (
    <>
      <PageTitle
        title={ROUTES.changePassword.title}
        description="Your new password must have at least 6 characters and no spaces."
      />
      <Card maw={520}>
        <ChangePasswordForm />
      </Card>
    </>
  );
}
