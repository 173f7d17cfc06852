import type { ReactNode } from 'react';
import { Group, ThemeIcon, Title, type MantineSpacing } from '@mantine/core';

/** A card's icon and heading (an h2 the card is named after), with its actions at the right when given. */
export function CardHeader({
  title,
  icon,
  actions,
  mb = 'sm',
}: {
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  mb?: MantineSpacing;
}) {
  const heading = (
    <Group gap="sm" wrap="nowrap" mb={actions ? undefined : mb} style={{ minWidth: 0 }}>
      {icon && (
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      )}
      <Title order={2} size="h4">
        {title}
      </Title>
    </Group>
  );
  if (!actions) return heading;
  return (
    // On a phone the actions go under the heading rather than being cut off.
    <Group justify="space-between" mb={mb} wrap="wrap" gap="xs">
      {heading}
      {actions}
    </Group>
  );
}
