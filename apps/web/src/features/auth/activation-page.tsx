import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { activationRequest, MESSAGES, ROUTES } from '@portal/shared';
import { errorMessage } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { fieldErrors } from '../../lib/validation';
import { useActivate } from './api';

/** /activation?token=...&email=...: the first password of an approved registration. */
export default function ActivationPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const activate = useActivate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: params.get('email') ?? '', password: '', password_confirmation: '' },
    validate: (values) => fieldErrors(activationRequest, { ...values, token: token || 'x' }),
  });
  const backToLogin = () => void navigate(ROUTES.home.path);

  if (activate.isSuccess) {
    return (
      <Stack gap="md" align="center" ta="center">
        <IconCircleCheck size={48} color="var(--mantine-color-teal-7)" aria-hidden />
        <Title order={1} size="h3">
          {activate.data.message || MESSAGES.activationDone}
        </Title>
        <Button onClick={backToLogin}>Back to Login</Button>
      </Stack>
    );
  }

  if (!token) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Activate your account
        </Title>
        <Alert color="red" role="alert">
          {MESSAGES.activationInvalid}
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
        activate.mutate({ token, ...values, username: values.username.trim() }, { onError: (error) => notifyError(error) }),
      )}
    >
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Activate your account
          </Title>
          <Text size="sm" c="dimmed">
            Confirm your user name and choose a password.
          </Text>
        </div>
        {activate.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(activate.error)}
          </Alert>
        )}
        <TextInput label="User name" type="email" autoComplete="username" required {...form.getInputProps('username')} />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          placeholder={MESSAGES.passwordPlaceholder}
          description={MESSAGES.passwordRuleSixNoSpaces}
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" fullWidth loading={activate.isPending}>
          Activate Account
        </Button>
      </Stack>
    </form>
  );
}
