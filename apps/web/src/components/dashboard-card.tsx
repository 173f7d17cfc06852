import type { ReactNode } from 'react';
import { Anchor, Box, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PAGE_SIZES } from '@portal/shared';
import { useAfterFirstPaint } from '../lib/after-first-paint';
import { CardHeader } from './card-header';

/** A dashboard table's rows: a number over a one-line name (sm + xs text, 6 px padding, 1 px border). */
export const DASHBOARD_TABLE_ROW = 53;
export const DASHBOARD_TABLE_HEAD = 35;

interface DashboardCardProps {
  /** The heading, and the name of the card's region. */
  title: string;
  icon: ReactNode;
  /** Beside the heading (the notifications' 'Clear all'). */
  action?: ReactNode;
  loading: boolean;
  /** Names the skeleton while it stands for the list ('Loading jobs'). */
  loadingLabel: string;
  /** Shown in place of the list when it is empty or failed to load; null while there are rows. */
  emptyText: ReactNode | null;
  /** The link under the list to the area's own page ('View all jobs'). */
  viewAll: { to: string; label: string };
  /**
   * The height in px of one row of the list, and of the table's head row when it has one. The card
   * keeps room for PAGE_SIZES.dashboard rows from its first paint, and the skeleton has the rows'
   * shape, so nothing on the page moves when the rows arrive (layout shift, see bench/dashboard-vitals.mjs).
   */
  rowHeight: number;
  headHeight?: number;
  children: ReactNode;
}

/** The loading stand-in of a list: a bar per row, the size of the rows it stands for. */
function ListSkeleton({
  label,
  rows,
  rowHeight,
  headHeight,
}: {
  label: string;
  rows: number;
  rowHeight: number;
  headHeight: number;
}) {
  return (
    <Stack gap={0} role="status" aria-label={label} aria-busy>
      {headHeight > 0 && <Skeleton h={headHeight - 14} my={7} w="60%" radius="sm" />}
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={rowHeight - 14} my={7} radius="sm" />
      ))}
    </Stack>
  );
}

/** A card of the dashboard (spec/01 2.5): the first rows of an area, a skeleton, an empty text and a 'View all' link. */
export function DashboardCard({
  title,
  icon,
  action,
  loading,
  loadingLabel,
  emptyText,
  viewAll,
  rowHeight,
  headHeight = 0,
  children,
}: DashboardCardProps) {
  const rows = PAGE_SIZES.dashboard;
  // The card's frame comes with the page's first paint, and so do its rows when they are already
  // here (the notifications, asked for while the app's code loads: the dashboard's largest paint);
  // a skeleton only right after the first paint, which it would delay for no content.
  const painted = useAfterFirstPaint();
  return (
    <Card component="section" aria-label={title} h="100%">
      <CardHeader title={title} icon={icon} actions={action} />
      <Box mih={headHeight + rows * rowHeight} style={{ flex: 1 }}>
        {loading ? (
          painted && <ListSkeleton label={loadingLabel} rows={rows} rowHeight={rowHeight} headHeight={headHeight} />
        ) : emptyText !== null ? (
          <Text size="sm" c="dimmed" py="sm">
            {emptyText}
          </Text>
        ) : (
          children
        )}
      </Box>
      <Group justify="flex-end" mt="sm">
        <Anchor component={Link} to={viewAll.to} size="sm" fw={500}>
          {viewAll.label}
        </Anchor>
      </Group>
    </Card>
  );
}

export interface NameDateRow {
  key: number | string;
  /** The name, as the link or button that opens it. */
  name: ReactNode;
  /** Where it sits (category › sub category, folder › sub folder). */
  place: string;
  date: string;
}

/** A dashboard card's table of named items with where they sit and their date (Recent Documents, Recent Publications). */
export function NameDateTable({ label, rows }: { label: string; rows: NameDateRow[] }) {
  return (
    <Table aria-label={label} verticalSpacing={6} horizontalSpacing="xs" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th style={{ whiteSpace: 'nowrap' }}>Date Updated</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td>
              {row.name}
              <Text size="xs" c="dimmed" lineClamp={1}>
                {row.place}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
