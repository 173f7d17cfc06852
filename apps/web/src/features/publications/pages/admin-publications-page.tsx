import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Modal, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { useQueryClient } from '@tanstack/react-query';
import { IconBooks, IconPlus, IconReplace, IconTrash } from '@tabler/icons-react';
import { PAGE_SIZES, publicationAddForm, ROUTES, type PublicationAddForm, type PublicationItem } from '@portal/shared';
import { CardHeader } from '../../../components/card-header';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { UploadDocumentModal } from '../../../components/documents/upload-modal';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageTitle } from '../../../components/page-title';
import { formatDate } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/form';
import { useListParams } from '../../../lib/list-params';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  useAdminPublications,
  useCategories,
  publicationsKey,
  useRemovePublication,
  addPublication,
  replacePublication,
} from '../api';

/** Step one of Add Publication: its name and sub category; step two is the upload modal. */
function AddDetailsModal({
  opened,
  onClose,
  onContinue,
}: {
  opened: boolean;
  onClose: () => void;
  onContinue: (values: PublicationAddForm) => void;
}) {
  // Mounted only while open: the categories are asked for when the admin starts adding.
  const tree = useCategories({ withPublication: false });
  const form = useSchemaForm<PublicationAddForm>(publicationAddForm, { initialValues: { name: '', category_id: '' } });
  const data = (tree.data ?? []).map((root) => ({
    group: root.name,
    items: root.children.map((c) => ({ value: String(c.id), label: c.name })),
  }));
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Add Publication">
      <form
        onSubmit={form.onSubmit((values) => {
          form.reset();
          onContinue(values);
        })}
        noValidate
      >
        <Stack gap="sm">
          <TextInput label="Name" required maxLength={255} {...form.getInputProps('name')} key={form.key('name')} />
          <Select
            label="Sub category"
            required
            withAsterisk={false}
            searchable
            placeholder={tree.isLoading ? 'Loading the categories' : 'Choose a sub category'}
            data={data}
            {...form.getInputProps('category_id')}
            key={form.key('category_id')}
          />
          <Text size="xs" c="dimmed">
            Next, choose the file. Subscribers of the sub category with notifications on hear of it.
          </Text>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Continue</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/publications (SYSADMIN): every publication, to add, replace or remove (the body's back office). */
export default function AdminPublicationsPage() {
  const queryClient = useQueryClient();
  const params = useListParams({ perPage: PAGE_SIZES.publications, perPageOptions: [PAGE_SIZES.publications] });
  const list = useAdminPublications(params.page, params.perPage);
  const remove = useRemovePublication();
  const [adding, setAdding] = useState(false);
  const [details, setDetails] = useState<PublicationAddForm | null>(null);
  const [replacing, setReplacing] = useState<PublicationItem | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: publicationsKey });

  const confirmRemove = (p: PublicationItem) =>
    modals.openConfirmModal({
      title: 'Remove Publication',
      children: <Text size="sm">Remove {p.name}? Its file goes too; subscribers are not told.</Text>,
      labels: { confirm: 'Yes, Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(p.id, {
          onSuccess: (res) => notifySuccess(res.message),
          onError: (error) => notifyError(error),
        }),
    });

  const columns: DataColumn<PublicationItem>[] = [
    {
      title: 'Name',
      render: (p) => (
        <Stack gap={2}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {p.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {p.file_name}
          </Text>
        </Stack>
      ),
    },
    { title: 'Category', render: (p) => `${p.category.name} › ${p.subcategory.name}` },
    { title: 'Date Updated', render: (p) => formatDate(p.updated_at), width: 130 },
    {
      title: 'Actions',
      hiddenTitle: true,
      width: 96,
      render: (p) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label="Replace the file">
            <ActionIcon variant="subtle" aria-label={`Replace ${p.name}`} onClick={() => setReplacing(p)}>
              <IconReplace size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove">
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${p.name}`} onClick={() => confirmRemove(p)}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageTitle
        title={ROUTES.adminPublications.title}
        description="The body's publications: add one to a sub category, replace its file, or remove it."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Publication
          </Button>
        }
      />
      <Card component="section" aria-label="All Publications">
        <CardHeader title="All Publications" icon={<IconBooks size={20} />} />
        {list.isError ? (
          <LoadFailedAlert
            title="The publications could not be loaded."
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <DataTable
            label="All Publications"
            columns={columns}
            rows={list.data?.data}
            rowKey={(p) => p.id}
            loading={list.isLoading}
            stale={list.isPlaceholderData}
            empty="No publications yet."
            minWidth={640}
            paging={{
              page: params.page,
              perPage: params.perPage,
              total: list.data?.total ?? 0,
              onPageChange: params.setPage,
            }}
          />
        )}
      </Card>
      {adding && (
        <AddDetailsModal
          opened
          onClose={() => setAdding(false)}
          onContinue={(values) => {
            setAdding(false);
            setDetails(values);
          }}
        />
      )}
      {details && (
        <UploadDocumentModal
          opened
          title={`Add Publication: ${details.name}`}
          withDescription={false}
          onClose={() => setDetails(null)}
          send={(file, _description, options) => addPublication(details, file, options)}
          onUploaded={refresh}
        />
      )}
      {replacing && (
        <UploadDocumentModal
          opened
          title={`Replace ${replacing.name}`}
          withDescription={false}
          onClose={() => setReplacing(null)}
          send={(file, _description, options) => replacePublication(replacing.id, file, options)}
          onUploaded={refresh}
        />
      )}
    </>
  );
}
