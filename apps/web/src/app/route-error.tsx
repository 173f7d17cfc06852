import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Shown when a page fails to load or render (for instance a new version was deployed meanwhile). */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} size="h3">
          Something went wrong
        </Title>
        <Text c="dimmed" size="sm">
          The page could not be shown. Reload to try again.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
