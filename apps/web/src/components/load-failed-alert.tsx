import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-client';

/** What a record or a list that failed to load shows: the title, the server's message when given, and 'Try again'. */
export function LoadFailedAlert({ title, error, onRetry }: { title: string; error?: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        {error !== undefined && <Text size="sm">{errorMessage(error)}</Text>}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
