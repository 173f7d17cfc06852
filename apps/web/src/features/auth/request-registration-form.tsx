import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { registrationFormRequest } from '@portal/shared';
import { errorMessage } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { firstError } from '../../lib/validation';
import { useRequestRegistrationForm } from './api';

/** Asks for an email and has a registration form sent to it (POST /api/register/request-form). */
export function RequestRegistrationForm({ onDone }: { onDone: () => void }) {
  const request = useRequestRegistrationForm();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: (value) => firstError(registrationFormRequest.shape.email, value) },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        request.mutate(values.email.trim(), {
          onSuccess: (res) => {
            notifySuccess(res.message);
            onDone();
          },
        }),
      )}
    >
      <Stack gap="md">
        <Text size="sm">Enter your email address and we will email you a registration form.</Text>
        {request.isError && (
          <Alert color="red" role="alert">
            {errorMessage(request.error)}
          </Alert>
        )}
        <TextInput label="Email" type="email" autoComplete="email" required data-autofocus {...form.getInputProps('email')} />
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
