import { useState } from 'react';
import { Anchor, Card, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { isRole, PAGE_SIZES, ROLE_NAMES, type UserRequestSummary } from '@portal/shared';
import { DataTable, type DataColumn, type SortDirection } from '../../components/data-table';
import { FilterBar } from '../../components/filter-bar';
import { formatDate } from '../../lib/dates';
import { useUserRequests } from './api';

const roleNames = (roles: string[]) => roles.filter((r) => r !== 'LA' || !roles.includes('TA')).map((r) => (isRole(r) ? ROLE_NAMES[r] : r)).join(', ');

/**
 * The pending registrations or profile changes the admin's view handles: Name (a link to the
 * request), Role and Change Request (or Email and Date for registrations), sorted and filtered in SQL.
 */
export function RequestsTable({ type, linkTo, label }: { type: 'create' | 'update'; linkTo: (id: number) => string; label: string }) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(PAGE_SIZES.genericDefault);
  const [sort, setSort] = useState<{ key: string; direction: SortDirection }>({ key: 'created_at', direction: 'asc' });
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [change, setChange] = useState('');
  const list = useUserRequests({ type, page, perPage, sort: sort.key, direction: sort.direction, name: name.trim(), role: role.trim(), change: change.trim() });
  const filtered = Boolean(name || role || change);
  const filterInput = (value: string, set: (v: string) => void, what: string) => (
    <TextInput
      size="xs"
      label={`Filter by ${what}`} placeholder="Type to filter"
      value={value}
      onChange={(e) => {
        set(e.currentTarget.value);
        setPage(1);
      }}
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
  ];

  return (
    <Card>
      <FilterBar
        active={filtered}
        onClear={() => {
          setName('');
          setRole('');
          setChange('');
          setPage(1);
        }}
      >
        {filterInput(name, setName, 'name')}
        {filterInput(role, setRole, 'role')}
        {type === 'update' && filterInput(change, setChange, 'change request')}
      </FilterBar>
      <DataTable
        label={label}
        columns={columns}
        rows={list.data?.data}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        stale={list.isPlaceholderData}
        empty={list.isError ? 'The requests could not be loaded.' : filtered ? 'No requests match these filters.' : 'Nothing is waiting for approval.'}
        minWidth={640}
        sort={{ key: sort.key, direction: sort.direction, onChange: (key, direction) => setSort({ key, direction }) }}
        paging={
          list.data && {
            page,
            perPage,
            total: list.data.total,
            onPageChange: setPage,
            onPerPageChange: (n) => {
              setPerPage(n);
              setPage(1);
            },
          }
        }
      />
    </Card>
  );
}
