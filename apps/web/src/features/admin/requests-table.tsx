import { Anchor, Card, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { isRole, PAGE_SIZES, ROLE_NAMES, type UserRequestSummary } from '@portal/shared';
import { DataTable, type DataColumn } from '../../components/data-table';
import { FilterBar } from '../../components/filter-bar';
import { formatDate } from '../../lib/dates';
import { useListParams } from '../../lib/list-params';
import { useUserRequests } from './api';

const SORT_KEYS = ['name', 'role', 'change', 'created_at'] as const;

const roleNames = (roles: string[]) =>
  roles
    .filter((r) => r !== 'LA' || !roles.includes('TA'))
    .map((r) => (isRole(r) ? ROLE_NAMES[r] : r))
    .join(', ');

/**
 * The pending registrations or profile changes the admin's view handles: Name (a link to the
 * request), Role and Change Request (or Email and Date for registrations), sorted and filtered in SQL.
 */
export function RequestsTable({
  type,
  linkTo,
  label,
}: {
  type: 'create' | 'update';
  linkTo: (id: number) => string;
  label: string;
}) {
  const params = useListParams({
    perPage: PAGE_SIZES.genericDefault,
    sort: { key: 'created_at', direction: 'asc' },
    sortKeys: SORT_KEYS,
  });
  const [name, role, change] = [params.filter('name'), params.filter('role'), params.filter('change')];
  const sort = params.sort!;
  const list = useUserRequests({
    type,
    page: params.page,
    perPage: params.perPage,
    sort: sort.key,
    direction: sort.direction,
    name: name.trim(),
    role: role.trim(),
    change: change.trim(),
  });
  const filtered = Boolean(name || role || change);
  const filterInput = (filter: 'name' | 'role' | 'change', what: string) => (
    <TextInput
      size="xs"
      label={`Filter by ${what}`}
      placeholder="Type to filter"
      value={params.filter(filter)}
      onChange={(e) => params.set({ [filter]: e.currentTarget.value })}
    />
  );

  const columns: DataColumn<UserRequestSummary>[] = [
    {
      title: 'Name',
      sortKey: 'name',
      render: (r) => (
        <Anchor component={Link} to={linkTo(r.id)} size="sm">
          {r.name}
        </Anchor>
      ),
    },
    { title: 'Role', sortKey: 'role', render: (r) => roleNames(r.roles) },
    ...(type === 'update'
      ? [{ title: 'Change Request', sortKey: 'change', render: (r: UserRequestSummary) => r.change_request }]
      : [{ title: 'Email', render: (r: UserRequestSummary) => r.email }]),
    { title: 'Date', sortKey: 'created_at', render: (r) => formatDate(r.created_at) },
    {
      title: 'Decision',
      render: (r) =>
        r.can_decide ? (
          'Yours to decide'
        ) : (
          <Text size="sm" c="dimmed" title={r.decide_note ?? undefined}>
            Not yours to decide
          </Text>
        ),
    },
  ];

  return (
    <Card>
      <FilterBar active={filtered} onClear={() => params.set({ name: null, role: null, change: null })}>
        {filterInput('name', 'name')}
        {filterInput('role', 'role')}
        {type === 'update' && filterInput('change', 'change request')}
      </FilterBar>
      <DataTable
        label={label}
        columns={columns}
        rows={list.data?.data}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        stale={list.isPlaceholderData}
        empty={
          list.isError
            ? 'The requests could not be loaded.'
            : filtered
              ? 'No requests match these filters.'
              : 'Nothing is waiting for approval.'
        }
        minWidth={640}
        sort={params.sortProps}
        paging={list.data && params.paging(list.data.total)}
      />
    </Card>
  );
}
