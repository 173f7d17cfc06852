import type { ReactNode } from 'react';
import {
  ActionIcon,
  Box,
  Checkbox,
  Group,
  Indicator,
  Loader,
  Pagination,
  Paper,
  Popover,
  Select,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconFilter } from '@tabler/icons-react';
import { PAGE_SIZES } from '@portal/shared';
import { orDash } from './empty-value';

export interface DataColumn<T> {
  /** The header text; tests and assistive tools find columns by it. */
  title: string;
  render: (row: T) => ReactNode;
  /** Right-aligned (amounts). */
  numeric?: boolean;
  /** The header is read by assistive tools only (an actions column). */
  hiddenTitle?: boolean;
  width?: number | string;
  /** The column sorts (by this key) when the table is given `sort`. */
  sortKey?: string;
  /** This column's filter (a Select, a DateFilter): in a popover of its header; above the cards on a phone. */
  filter?: ReactNode;
  /** True while the filter narrows the list: its header icon shows a dot. */
  filterActive?: boolean;
}

export interface DataPaging {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Offers the spec's generic page sizes (5, 10, 20, 30, 50) when given. */
  onPerPageChange?: (perPage: number) => void;
  /** The page sizes offered instead of the generic ones. */
  perPageOptions?: readonly number[];
}

export type SortDirection = 'asc' | 'desc';

export interface DataSort {
  key: string;
  direction: SortDirection;
  /** The server sorts (or the caller, for a list it holds whole). */
  onChange: (key: string, direction: SortDirection) => void;
}

export type RowKey = string | number;

export interface DataSelection<T> {
  selected: readonly RowKey[];
  onChange: (keys: RowKey[]) => void;
  /** The name of a row's box: 'Select {name}'. */
  rowLabel: (row: T) => string;
  /** The name of the select-all box ('Select all documents'). */
  allLabel: string;
}

interface DataTableProps<T> {
  /** Names the table for assistive tools and tests (getByRole('table', { name })). */
  label: string;
  columns: DataColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => RowKey;
  loading?: boolean;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  paging?: DataPaging;
  sort?: DataSort;
  selection?: DataSelection<T>;
  /** Dims the rows while the next page loads. */
  stale?: boolean;
}

function SortButton({
  title,
  active,
  direction,
  onClick,
}: {
  title: string;
  active: boolean;
  direction: SortDirection;
  onClick: () => void;
}) {
  const Icon = !active ? IconArrowsSort : direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton onClick={onClick} fw={600} fz="sm" style={{ whiteSpace: 'nowrap' }}>
      <Group gap={4} wrap="nowrap">
        <span>{title}</span>
        <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.45 }} />
      </Group>
    </UnstyledButton>
  );
}

function FilterButton({ title, active, children }: { title: string; active: boolean; children: ReactNode }) {
  return (
    <Popover position="bottom-start" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Indicator disabled={!active} size={7} offset={3}>
          <ActionIcon
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
            size="sm"
            aria-label={`Filter by ${title}`}
          >
            <IconFilter size={14} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown miw={220}>{children}</Popover.Dropdown>
    </Popover>
  );
}

/**
 * The one table of the app (DESIGN "Tables"): a Mantine table, on a phone one card per row; a
 * loading row and an empty text; pages that the server cuts (page/per_page in SQL) with the spec's
 * page sizes; headers that sort (aria-sort) and filter (a popover per column); row boxes with a
 * select-all box for bulk actions.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  loading,
  empty,
  minWidth = 640,
  paging,
  sort,
  selection,
  stale,
}: DataTableProps<T>) {
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const list = rows ?? [];
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.perPage)) : 1;
  const first = paging ? (paging.page - 1) * paging.perPage + 1 : 1;
  const last = paging ? Math.min(paging.total, first + list.length - 1) : list.length;

  const keys = list.map(rowKey);
  const isSelected = (key: RowKey) => selection?.selected.includes(key) ?? false;
  const selectedHere = keys.filter(isSelected);
  const allSelected = keys.length > 0 && selectedHere.length === keys.length;
  const toggle = (key: RowKey, on: boolean) =>
    selection?.onChange(on ? [...selection.selected, key] : selection.selected.filter((k) => k !== key));
  const selectAll = selection && (
    <Checkbox
      aria-label={selection.allLabel}
      label={phone ? 'Select all' : undefined}
      checked={allSelected}
      indeterminate={selectedHere.length > 0 && !allSelected}
      disabled={keys.length === 0}
      onChange={(event) =>
        selection.onChange(
          event.currentTarget.checked
            ? [...new Set([...selection.selected, ...keys])]
            : selection.selected.filter((k) => !keys.includes(k)),
        )
      }
    />
  );
  const rowBox = (row: T) =>
    selection && (
      <Checkbox
        aria-label={selection.rowLabel(row)}
        checked={isSelected(rowKey(row))}
        onChange={(event) => toggle(rowKey(row), event.currentTarget.checked)}
      />
    );
  const sortBy = (key: string) => sort?.onChange(key, sort.key === key && sort.direction === 'asc' ? 'desc' : 'asc');
  const selectedBg = (row: T) => (isSelected(rowKey(row)) ? 'var(--mantine-primary-color-light)' : undefined);
  const columnCount = columns.length + (selection ? 1 : 0);

  const cards = () => {
    const fields = columns.filter((c) => !c.hiddenTitle);
    const actions = columns.filter((c) => c.hiddenTitle);
    const sortable = sort ? columns.filter((c) => c.sortKey) : [];
    const filters = columns.filter((c) => c.filter);
    return (
      <Stack gap="sm">
        {filters.length > 0 && (
          <Group gap="sm" align="flex-end">
            {filters.map((c) => (
              <Box key={c.title}>{c.filter}</Box>
            ))}
          </Group>
        )}
        {(selectAll || sortable.length > 0) && (
          <Group justify="space-between" gap="sm">
            {selectAll ?? <span />}
            <Group gap="sm">
              {sortable.map((c) => (
                <SortButton
                  key={c.title}
                  title={c.title}
                  active={sort?.key === c.sortKey}
                  direction={sort!.direction}
                  onClick={() => sortBy(c.sortKey!)}
                />
              ))}
            </Group>
          </Group>
        )}
        {list.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="md">
            {loading ? <Loader size="sm" aria-label={`Loading ${label.toLowerCase()}`} /> : empty}
          </Text>
        ) : (
          <Stack
            component="ul"
            aria-label={label}
            gap="sm"
            m={0}
            p={0}
            style={{ listStyle: 'none', opacity: stale ? 0.6 : 1 }}
          >
            {list.map((row) => (
              <Paper component="li" key={rowKey(row)} withBorder p="sm" bg={selectedBg(row)}>
                <Stack gap={6}>
                  {selection && <Box>{rowBox(row)}</Box>}
                  {fields.map((column) => (
                    <Group key={column.title} gap="sm" wrap="nowrap" align="flex-start">
                      <Text size="xs" c="dimmed" fw={600} w="38%" style={{ flexShrink: 0 }} lh={1.7}>
                        {column.title}
                      </Text>
                      <Box fz="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {orDash(column.render(row))}
                      </Box>
                    </Group>
                  ))}
                  {actions.length > 0 && (
                    <Group justify="flex-end" gap="xs">
                      {actions.map((column) => (
                        <Box key={column.title}>{orDash(column.render(row))}</Box>
                      ))}
                    </Group>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    );
  };

  const header = (column: DataColumn<T>) => {
    if (column.hiddenTitle) return <VisuallyHidden>{column.title}</VisuallyHidden>;
    const title =
      sort && column.sortKey ? (
        <SortButton
          title={column.title}
          active={sort.key === column.sortKey}
          direction={sort.direction}
          onClick={() => sortBy(column.sortKey!)}
        />
      ) : (
        column.title
      );
    if (!column.filter) return title;
    return (
      <Group gap={6} wrap="nowrap">
        {title}
        <FilterButton title={column.title} active={column.filterActive ?? false}>
          {column.filter}
        </FilterButton>
      </Group>
    );
  };

  const table = () => (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table aria-label={label} striped highlightOnHover verticalSpacing="sm" style={{ opacity: stale ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            {selection && <Table.Th w={44}>{selectAll}</Table.Th>}
            {columns.map((column) => (
              <Table.Th
                key={column.title}
                ta={column.numeric ? 'right' : undefined}
                w={column.width}
                style={{ whiteSpace: 'nowrap' }}
                aria-sort={
                  sort && column.sortKey
                    ? sort.key === column.sortKey
                      ? sort.direction === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : 'none'
                    : undefined
                }
              >
                {header(column)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && list.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                <Group justify="center" py="md">
                  <Loader size="sm" aria-label={`Loading ${label.toLowerCase()}`} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ) : list.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                <Text c="dimmed" size="sm" ta="center" py="md">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            list.map((row) => (
              <Table.Tr key={rowKey(row)} bg={selectedBg(row)}>
                {selection && <Table.Td>{rowBox(row)}</Table.Td>}
                {columns.map((column) => (
                  <Table.Td
                    key={column.title}
                    ta={column.numeric ? 'right' : undefined}
                    style={column.numeric ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {orDash(column.render(row))}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <Box>
      {/* A phone shows cards once there is something (or a filter or selection) to show. */}
      {phone && (list.length > 0 || selection || columns.some((c) => c.filter)) ? cards() : table()}
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
                data={(paging.perPageOptions ?? PAGE_SIZES.generic).map(String)}
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
