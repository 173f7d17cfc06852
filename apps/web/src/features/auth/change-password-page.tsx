import { useState } from 'react';
import { Alert, Button, Card, Group, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { MESSAGES, ROUTES } from '@portal/shared';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useChangePassword } from './api';
import { canSubmitChangePassword, changePasswordErrors, type ChangePasswordValues } from './password-rules';

const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };
type Field = keyof ChangePasswordValues;

/** The change-password form of spec/02 5. Field errors show once a field has been left. */
export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const change = useChangePassword();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const errors = changePasswordErrors(values);
  const canSubmit = canSubmitChangePassword(values);

  const field = (name: Field, label: string, autoComplete: string) => (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      required
      placeholder={name === 'oldPassword' ? undefined : MESSAGES.passwordPlaceholder}
      value={values[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
      onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
      error={touched[name] ? errors[name] : undefined}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSubmit) return;
        change.mutate(
          { oldPassword: values.oldPassword, newPassword: values.newPassword },
          {
            onSuccess: (res) => {
              notifySuccess(res.message || MESSAGES.passwordChanged);
              setValues(EMPTY);
              setTouched({});
              onDone?.();
            },
            onError: (error) => notifyError(error),
          },
        );
      }}
    >
      <Stack gap="md">
        {change.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(change.error)}
          </Alert>
        )}
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
      <PageTitle title={ROUTES.changePassword.title} description="Your new password must have at least 6 characters and no spaces." />
      <Card maw={520}>
        <ChangePasswordForm />
      </Card>
    </>
  );
}
