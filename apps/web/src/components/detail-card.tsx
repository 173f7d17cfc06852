import type { ReactNode } from 'react';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { CardHeader } from './card-header';
import { orDash } from './empty-value';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** An email address as a mailto link; null (shown as a dash) when there is none. */
export function emailLink(email: string | null | undefined): ReactNode {
  return email ? (
    <Anchor href={`mailto:${email}`} size="sm">
      {email}
    </Anchor>
  ) : null;
}

/** A card of label/value pairs (Job Details, Site Details, Lead Assessor ...), as a description list. */
export function DetailCard({
  title,
  icon,
  details,
  children,
}: {
  title: string;
  icon?: ReactNode;
  details: readonly Detail[];
  children?: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title} h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={title} icon={icon} />
      <Stack component="dl" gap={8} m={0}>
        {details.map((d) => (
          <div key={d.label}>
            <Text component="dt" size="xs" c="dimmed" fw={500} tt="uppercase" lts={0.3}>
              {d.label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {orDash(d.value)}
            </Text>
          </div>
        ))}
      </Stack>
      {children}
    </Card>
  );
}
