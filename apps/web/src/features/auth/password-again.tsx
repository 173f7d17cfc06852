import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { SECOND_FACTOR_MESSAGES as M, type MessageBody } from '@portal/shared';
import { api, errorMessage, isApiError } from '../../lib/api-client';
import { modals } from '../../lib/modals';

/**
 * A change of second factors in a session signed in more than a few minutes ago is refused (403,
 * reauthRequired) until the user gives their password again (POST /twofactor/reauthenticate). The
 * change is then tried once more; closing the modal leaves it refused.
 */
export async function withPasswordAgain<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(isApiError(e) && e.status === 403 && e.message === M.reauthRequired)) throw e;
    if (!(await askPasswordAgain())) throw e;
    return run();
  }
}

function askPasswordAgain(): Promise<boolean> {
  return new Promise((resolve) => {
    let confirmed = false;
    const id = modals.open({
      title: M.reauthTitle,
      onClose: () => resolve(confirmed),
      children: (
        <PasswordAgainForm
          onDone={() => {
            confirmed = true;
            modals.close(id);
          }}
          onCancel={() => modals.close(id)}
        />
      ),
    });
  });
}

function PasswordAgainForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await api.post<MessageBody>('/twofactor/reauthenticate', { password });
      onDone();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{M.reauthRequired}</Text>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          data-autofocus
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={password === ''}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
