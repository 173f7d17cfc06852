import type { ReactNode } from 'react';
import { Box, Group, Loader, Pagination, Paper, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PAGE_SIZES } from '@portal/shared';

export interface DataColumn<T> {
  /** The header text; tests and assistive tools find columns by it. */
  title: string;
  render: (row: T) => ReactNode;
  /** Right-aligned (amounts). */
  numeric?: boolean;
  /** The header is read by assistive tools only (an actions column). */
  hiddenTitle?: boolean;
  width?: number | string;
}

export interface DataPaging {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Offers the spec's generic page sizes (5, 10, 20, 30, 50) when given. */
  onPerPageChange?: (perPage: number) => void;
}

interface DataTableProps<T> {
  /** Names the table for assistive tools and tests (getByRole('table', { name })). */
  label: string;
  columns: DataColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  paging?: DataPaging;
  /** Dims the rows while the next page loads. */
  stale?: boolean;
}

/** On a phone each row is a card of 'column: value' lines, so nothing hides off the right edge. */
function StackedRows<T>({ label, columns, rows, rowKey, stale }: Pick<DataTableProps<T>, 'label' | 'columns' | 'rowKey' | 'stale'> & { rows: readonly T[] }) {
  const fields = columns.filter((c) => !c.hiddenTitle);
  const actions = columns.filter((c) => c.hiddenTitle);
  return (
    <Stack component="ul" aria-label={label} gap="sm" m={0} p={0} style={{ listStyle: 'none', opacity: stale ? 0.6 : 1 }}>
      {rows.map((row) => (
        <Paper component="li" key={rowKey(row)} withBorder p="sm">
          <Stack gap={6}>
            {fields.map((column) => (
              <Group key={column.title} gap="sm" wrap="nowrap" align="flex-start">
                <Text size="xs" c="dimmed" fw={600} w="38%" style={{ flexShrink: 0 }} lh={1.7}>
                  {column.title}
                </Text>
                <Box fz="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {column.render(row)}
                </Box>
              </Group>
            ))}
            {actions.length > 0 && (
              <Group justify="flex-end" gap="xs">
                {actions.map((column) => (
                  <Box key={column.title}>{column.render(row)}</Box>
                ))}
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The one table of the app (DESIGN "The web app"): a Mantine table (on a phone, one card per row),
 * a loading row, an empty text, and pages that the server cuts (page/per_page in SQL) with a page
 * size choice and a Pagination once there is more than one page.
 */
export function DataTable<T>({ label, columns, rows, rowKey, loading, empty, minWidth = 640, paging, stale }: DataTableProps<T>) {
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const list = rows ?? [];
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.perPage)) : 1;
  const first = paging ? (paging.page - 1) * paging.perPage + 1 : 1;
  const last = paging ? Math.min(paging.total, first + list.length - 1) : list.length;

  return (
    <Box>
      {phone && list.length > 0 ? (
        <StackedRows label={label} columns={columns} rows={list} rowKey={rowKey} stale={stale} />
      ) : (
        <Table.ScrollContainer minWidth={minWidth} type="native">
          <Table aria-label={label} striped highlightOnHover verticalSpacing="sm" style={{ opacity: stale ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.title} ta={column.numeric ? 'right' : undefined} w={column.width} style={{ whiteSpace: 'nowrap' }}>
                    {column.hiddenTitle ? <VisuallyHidden>{column.title}</VisuallyHidden> : column.title}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loading && list.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Group justify="center" py="md">
                      <Loader size="sm" aria-label={`Loading ${label.toLowerCase()}`} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ) : list.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text c="dimmed" size="sm" ta="center" py="md">
                      {empty}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                list.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <Table.Td key={column.title} ta={column.numeric ? 'right' : undefined} style={column.numeric ? { whiteSpace: 'nowrap' } : undefined}>
                        {column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {paging && paging.total > 0 && (
        <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="nowrap">
            {paging.onPerPageChange && (
              <Select
                label="Rows per page"
                size="xs"
                styles={{
                  root: { display: 'flex', alignItems: 'center', gap: 8 },
                  label: { whiteSpace: 'nowrap', marginBottom: 0, fontWeight: 400 },
                  wrapper: { width: 72 },
                }}
                data={PAGE_SIZES.generic.map(String)}
                value={String(paging.perPage)}
                allowDeselect={false}
                onChange={(value) => value && paging.onPerPageChange?.(Number(value))}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {list.length > 0 ? `${first}–${last} of ${paging.total}` : `${paging.total} in all`}
            </Text>
          </Group>
          {paging.total > paging.perPage && (
            <Pagination
              total={pages}
              value={Math.min(paging.page, pages)}
              onChange={paging.onPageChange}
              size="sm"
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          )}
        </Group>
      )}
    </Box>
  );
}
