import type { ReactNode } from 'react';
import { Card, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { CardHeader } from './card-header';

/** A dashboard card of an area that is built later: says what will appear there. */
export function PlaceholderCard({ title, children, icon }: { title: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <Card component="section" aria-label={title} h="100%">
      <CardHeader title={title} icon={icon ?? <IconClockHour4 size={20} />} />
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Card>
  );
}
