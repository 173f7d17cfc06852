import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { MESSAGES, setPasswordRequest } from '@portal/shared';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { notifyFormError } from '../../lib/notify';
import { resetTokenOf, useResetLinkCheck, useSetPassword } from './api';
import { LinkDone, LinkInvalid } from './link-outcome';
import { NewPasswordInput } from './new-password-input';

/** The id of this form's notice. */
const FORM_ID = 'reset-password-form';

/** Only a call of this server: the link names the signed /api/... path. */
function isSafeApiPath(url: string): boolean {
  return url.startsWith('/api/') && url.includes('?') && !url.includes('\\');
}

/**
 * /reset-password-first-access?url=...&signature=... (spec/01 2.3). The link is checked before the
 * form shows, so a used, expired or forged link says so before the user types a password.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const url = params.get('url') ?? '';
  const signature = params.get('signature') ?? '';
  const wellFormed = !!url && !!signature && isSafeApiPath(url) && !!resetTokenOf(url);
  const check = useResetLinkCheck(url, signature, wellFormed);
  const setPassword = useSetPassword();
  const form = useSchemaForm<{ password: string }>(setPasswordRequest, { initialValues: { password: '' } });

  if (setPassword.isSuccess) return <LinkDone message={MESSAGES.passwordUpdated} />;
  if (!wellFormed) return <LinkInvalid title="Reset Password" message={MESSAGES.resetLinkInvalid} />;
  if (check.isPending) return <Loader size="sm" aria-label="Checking the link" />;
  if (check.isError)
    return <LinkInvalid title="Reset Password" message={errorMessage(check.error, MESSAGES.resetLinkInvalid)} />;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        setPassword.mutate(
          { url, signature, password: values.password },
          {
            // spec/01 8: a failed reset is a notice with the server's message (or, for a field, under it).
            onError: (error) => {
              const rest = applyServerErrors(form, error);
              if (rest) notifyFormError(FORM_ID, rest);
            },
          },
        ),
      )}
    >
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Reset Password
          </Title>
          <Text size="sm" c="dimmed">
            Choose a new password for your account.
          </Text>
        </div>
        <NewPasswordInput {...form.getInputProps('password')} />
        <Button type="submit" fullWidth loading={setPassword.isPending}>
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}
