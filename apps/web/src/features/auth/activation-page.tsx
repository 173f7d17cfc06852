import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { activationRequest, MESSAGES } from '@portal/shared';
import { errorMessage } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { fieldErrors } from '../../lib/validation';
import { useActivate } from './api';
import { LinkDone, LinkInvalid } from './link-outcome';
import { NewPasswordInput } from './new-password-input';

/** /activation?token=...&email=...: the first password of an approved registration. */
export default function ActivationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const activate = useActivate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: params.get('email') ?? '', password: '', password_confirmation: '' },
    validate: (values) => fieldErrors(activationRequest, { ...values, token: token || 'x' }),
  });

  if (activate.isSuccess) return <LinkDone message={activate.data.message || MESSAGES.activationDone} />;
  if (!token) return <LinkInvalid title="Activate your account" message={MESSAGES.activationInvalid} />;

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
        <NewPasswordInput {...form.getInputProps('password')} />
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
