import type { ReactNode } from 'react';
import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';

/** A dashboard card of an area that is built later: says what will appear there. */
export function PlaceholderCard({ title, children, icon }: { title: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <Card component="section" aria-label={title} h="100%">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="lg" radius="md">
          {icon ?? <IconClockHour4 size={20} />}
        </ThemeIcon>
        <Title order={2} size="h4">
          {title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Card>
  );
}
