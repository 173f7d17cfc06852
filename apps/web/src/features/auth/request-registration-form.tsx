import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { registrationFormRequest } from '@portal/shared';
import { errorMessage } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { useRequestRegistrationForm } from './api';

/** Asks for an email and has a registration form sent to it (POST /api/register/request-form). */
export function RequestRegistrationForm({ onDone }: { onDone: () => void }) {
  const request = useRequestRegistrationForm();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm<{ email: string }>(registrationFormRequest, { initialValues: { email: '' } });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFailure(null);
        request.mutate(values.email.trim(), {
          onSuccess: (res) => {
            notifySuccess(res.message);
            onDone();
          },
          onError: (error) => setFailure(applyServerErrors(form, error)),
        });
      })}
    >
      <Stack gap="md">
        <Text size="sm">Enter your email address and we will email you a registration form.</Text>
        {failure !== null && (
          <Alert color="red" role="alert">
            {errorMessage(failure)}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={request.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
