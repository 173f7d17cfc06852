import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';

export interface Detail {
  label: string;
  value: ReactNode;
}

const DASH = '—';

/** A card of label/value pairs (Job Details, Site Details, Lead Assessor ...), as a description list. */
export function DetailCard({ title, icon, details, actions, children }: { title: string; icon?: ReactNode; details: readonly Detail[]; actions?: ReactNode; children?: ReactNode }) {
  return (
    <Card component="section" aria-label={title} h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" mb="sm" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {icon && (
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              {icon}
            </ThemeIcon>
          )}
          <Title order={2} size="h4">
            {title}
          </Title>
        </Group>
        {actions && <div style={{ flexShrink: 0 }}>{actions}</div>}
      </Group>
      <Stack component="dl" gap={8} m={0}>
        {details.map((d) => (
          <div key={d.label}>
            <Text component="dt" size="xs" c="dimmed" fw={500} tt="uppercase" lts={0.3}>
              {d.label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {d.value === null || d.value === undefined || d.value === '' ? DASH : d.value}
            </Text>
          </div>
        ))}
      </Stack>
      {children}
    </Card>
  );
}
