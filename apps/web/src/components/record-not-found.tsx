import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { Link } from 'react-router';

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
