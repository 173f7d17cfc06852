import { useState } from 'react';
import { Alert, Button, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { activationForm, MESSAGES } from '@portal/shared';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { useActivate, useActivationLinkCheck } from './api';
import { LinkDone, LinkInvalid } from './link-outcome';
import { NewPasswordInput } from './new-password-input';

interface Values extends Record<string, unknown> {
  username: string;
  password: string;
  password_confirmation: string;
}

/**
 * /activation?token=...&email=...: the first password of an approved registration, on the shared
 * activationForm schema, once the link is known to work. A failure answers once: under its
 * fields, or in the page's alert.
 */
export default function ActivationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useActivationLinkCheck(token);
  const activate = useActivate();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm<Values>(activationForm, {
    initialValues: { username: params.get('email') ?? '', password: '', password_confirmation: '' },
  });

  if (activate.isSuccess) return <LinkDone message={activate.data.message || MESSAGES.activationDone} />;
  if (!token) return <LinkInvalid title="Activate your account" message={MESSAGES.activationInvalid} />;
  // A used or expired link says so when the page opens, before anyone types a password.
  if (check.isPending) return <Loader size="sm" aria-label="Checking the link" />;
  if (check.isError)
    return (
      <LinkInvalid title="Activate your account" message={errorMessage(check.error, MESSAGES.activationInvalid)} />
    );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFailure(null);
        activate.mutate(
          { token, ...values, username: values.username.trim() },
          { onError: (error) => setFailure(applyServerErrors(form, error)) },
        );
      })}
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
        {failure !== null && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(failure)}
          </Alert>
        )}
        <TextInput
          label="User name"
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps('username')}
        />
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
