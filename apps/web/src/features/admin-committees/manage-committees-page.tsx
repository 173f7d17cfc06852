import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Card } from '@mantine/core';
import { IconEdit, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { PAGE_SIZES, ROUTES, type ManagedCommittee } from '@portal/shared';
import { DataTable } from '../../components/data-table';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { PageTitle } from '../../components/page-title';
import { orDash } from '../../components/empty-value';
import { isApiError } from '../../lib/api-client';
import { useListParams } from '../../lib/list-params';
import { useManagedCommittees } from './api';
import { CommitteeModal } from './committee-modal';

const SORT_KEYS = ['name', 'admin'] as const;

/** /admin/manage-committees: the 'Committee and Admin List' and the add/edit modal (SYSADMIN). */
export default function ManageCommitteesPage() {
  const list = useManagedCommittees();
  const params = useListParams({
    perPage: PAGE_SIZES.committees,
    sort: { key: 'name', direction: 'asc' },
    sortKeys: SORT_KEYS,
  });
  const [editing, setEditing] = useState<ManagedCommittee | 'new' | null>(null);

  const sorted = useMemo(() => {
    const rows = [...(list.data?.data ?? [])];
    const key = params.sort?.key ?? 'name';
    const sign = params.sort?.direction === 'desc' ? -1 : 1;
    const text = (c: ManagedCommittee) => (key === 'admin' ? (c.admin_name ?? '') : c.name);
    return rows.sort((a, b) => sign * text(a).localeCompare(text(b)));
  }, [list.data, params.sort]);
  const page = sorted.slice((params.page - 1) * params.perPage, params.page * params.perPage);

  return (
    <>
      <PageTitle
        title={ROUTES.adminManageCommittees.title}
        description="Committees, their members and forum admins."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={!list.data}>
            Add Committee
          </Button>
        }
      />
      {isApiError(list.error) && list.error.status === 403 ? (
        <Alert
          color="blue"
          icon={<IconInfoCircle size={18} />}
          title="Committees are managed by the system administrator."
        >
          Ask a system administrator to add a committee or change its members or forum admin.
        </Alert>
      ) : list.isError ? (
        <LoadFailedAlert
          title="The committees could not be loaded."
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <Card>
          <DataTable
            label="Committee and Admin List"
            rows={page}
            loading={list.isLoading}
            rowKey={(c) => c.id}
            empty="No committees yet."
            sort={params.sortProps}
            paging={params.paging(sorted.length)}
            columns={[
              { title: 'Committee', sortKey: 'name', render: (c) => c.name },
              { title: 'Forum Admin', sortKey: 'admin', render: (c) => orDash(c.admin_name) },
              {
                title: 'Action',
                width: 80,
                render: (c) => (
                  <ActionIcon variant="subtle" aria-label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
                    <IconEdit size={18} />
                  </ActionIcon>
                ),
              },
            ]}
          />
        </Card>
      )}
      {editing && list.data && (
        <CommitteeModal
          committee={editing === 'new' ? null : editing}
          candidates={list.data.candidates}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
