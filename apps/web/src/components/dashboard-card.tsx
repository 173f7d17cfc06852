import type { ReactNode } from 'react';
import { Anchor, Card, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CardHeader } from './card-header';

interface DashboardCardProps {
  /** The heading, and the name of the card's region. */
  title: string;
  icon: ReactNode;
  /** Beside the heading (the notifications' 'Clear all'). */
  action?: ReactNode;
  loading: boolean;
  /** Names the loader ('Loading jobs'). */
  loadingLabel: string;
  /** Shown in place of the list when it is empty or failed to load; null while there are rows. */
  emptyText: ReactNode | null;
  /** The link under the list to the area's own page ('View all jobs'). */
  viewAll: { to: string; label: string };
  children: ReactNode;
}

/** A card of the dashboard (spec/01 2.5): the first rows of an area, a loader, an empty text and a 'View all' link. */
export function DashboardCard({ title, icon, action, loading, loadingLabel, emptyText, viewAll, children }: DashboardCardProps) {
  return (
    <Card component="section" aria-label={title} h="100%">
      <CardHeader title={title} icon={icon} actions={action} />
      {loading ? (
        <Loader size="sm" aria-label={loadingLabel} />
      ) : emptyText !== null ? (
        <Text size="sm" c="dimmed" py="sm">
          {emptyText}
        </Text>
      ) : (
        children
      )}
      <Group justify="flex-end" mt="sm">
        <Anchor component={Link} to={viewAll.to} size="sm" fw={500}>
          {viewAll.label}
        </Anchor>
      </Group>
    </Card>
  );
}
