import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isMissingRecord } from '../lib/api-client';
import { LoadFailedAlert } from './load-failed-alert';

/** What a record the user may not see (404, the same as a missing one) shows instead of the page. */
export function RecordNotFound({
  title,
  text,
  backTo,
  backLabel,
}: {
  title: string;
  text: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Card maw={560} mx="auto" mt="xl" role="alert">
      <Stack align="center" gap="sm" ta="center" p="md">
        <ThemeIcon variant="light" color="gray" size={56} radius="xl" aria-hidden>
          <IconFileUnknown size={30} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {text}
        </Text>
        <Button component={Link} to={backTo} variant="light" mt="xs">
          {backLabel}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * What a record's page shows when its query failed: `RecordNotFound` for a 404 (missing, or not the
 * user's to see), otherwise the load-failed alert with 'Try again'.
 */
export function RecordLoadError({
  query,
  notFound,
  loadFailed,
}: {
  query: { error: unknown; refetch: () => unknown };
  notFound: Parameters<typeof RecordNotFound>[0];
  loadFailed: string;
}) {
  return isMissingRecord(query.error) ? (
    <RecordNotFound {...notFound} />
  ) : (
    <LoadFailedAlert title={loadFailed} error={query.error} onRetry={() => void query.refetch()} />
  );
}
