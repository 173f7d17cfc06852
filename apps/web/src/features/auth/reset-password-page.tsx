import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, ROUTES, setPasswordRequest } from '@portal/shared';
import { notifyError } from '../../lib/notify';
import { firstError } from '../../lib/validation';
import { useSetPassword } from './api';

/** Only a call of this server: the link names the signed /api/... path. */
function isSafeApiPath(url: string): boolean {
  return url.startsWith('/api/') && url.includes('?') && !url.includes('\\');
}

/** /reset-password-first-access?url=...&signature=... (spec/01 2.3). */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const url = params.get('url') ?? '';
  const signature = params.get('signature') ?? '';
  const setPassword = useSetPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: { password: (value) => firstError(setPasswordRequest.shape.password, value) },
  });
  const backToLogin = () => void navigate(ROUTES.home.path);

  if (setPassword.isSuccess) {
    return (
      <Stack gap="md" align="center" ta="center">
        <IconCircleCheck size={48} color="var(--mantine-color-teal-7)" aria-hidden />
        <Title order={1} size="h3">
          {MESSAGES.passwordUpdated}
        </Title>
        <Button onClick={backToLogin}>Back to Login</Button>
      </Stack>
    );
  }

  if (!url || !signature || !isSafeApiPath(url)) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Reset Password
        </Title>
        <Alert color="red" role="alert">
          {MESSAGES.resetLinkInvalid}
        </Alert>
        <Button variant="default" onClick={backToLogin}>
          Back to Login
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        setPassword.mutate({ url, signature, password: values.password }, { onError: (error) => notifyError(error) }),
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
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          placeholder={MESSAGES.passwordPlaceholder}
          description={MESSAGES.passwordRuleSixNoSpaces}
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={setPassword.isPending}>
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}
