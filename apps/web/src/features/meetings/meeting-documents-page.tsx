import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Card, Group, Mark, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import {
  IconDownload,
  IconFolderPlus,
  IconInfoCircle,
  IconLock,
  IconSearch,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { MEETING_MESSAGES, PAGE_SIZES, ROUTES, type MeetingDocument, type MeetingFolder } from '@portal/shared';
import { CardHeader } from '../../components/card-header';
import { DataTable, type DataColumn, type RowKey } from '../../components/data-table';
import { FolderBrowser, type FolderKey, type FolderNode } from '../../components/folder-browser';
import { UploadDocumentModal } from '../../components/documents/upload-modal';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { PageTitle } from '../../components/page-title';
import { formatDate } from '../../lib/dates';
import { useListParams, useTypedFilter } from '../../lib/list-params';
import { AccessModal } from './access-modal';
import {
  uploadMeetingDocument,
  useCurrentCommitteeId,
  useDeleteDocument,
  useDeleteDocuments,
  useDeleteFolder,
  useDocServiceHealth,
  useDocumentUploaded,
  useFolderDocuments,
  useMeetingDocuments,
  useRootFolders,
  useSubFolders,
} from './api';
import { confirmThenRun } from '../../lib/confirm-then-run';
import { CreateFolderModal } from './create-folder-modal';
import { downloadMeetingDocument, downloadMeetingDocuments } from './download';

const NO_ABILITIES = {
  'meetings.folder.manage': false,
  'meetings.document.upload': false,
  'meetings.document.delete': false,
};

function Snippet({ doc }: { doc: MeetingDocument }) {
  if (!doc.snippet?.length) return null;
  return (
    <Text size="xs" c="dimmed" lineClamp={2}>
      {doc.snippet.map((part, i) => (part.hit ? <Mark key={i}>{part.text}</Mark> : <span key={i}>{part.text}</span>))}
    </Text>
  );
}

/** The search box and the table: 'Search Results' while a term is typed, else 'Recently Updated Documents'. */
function DocumentsTableCard({ committeeId }: { committeeId: number }) {
  const params = useListParams({
    perPage: PAGE_SIZES.meetingDocuments[0],
    perPageOptions: PAGE_SIZES.meetingDocuments,
  });
  const { term, setTerm, value: typed } = useTypedFilter(params, 'q');
  const [selected, setSelected] = useState<RowKey[]>([]);
  const searching = term.trim().length > 0;
  const list = useMeetingDocuments(committeeId, searching ? typed : '', params.page, params.perPage);
  const title = searching ? MEETING_MESSAGES.searchTitle : MEETING_MESSAGES.recentTitle;

  const columns: DataColumn<MeetingDocument>[] = [
    {
      title: 'Name',
      render: (doc) => (
        <Stack gap={2}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            fw={500}
            style={{ overflowWrap: 'anywhere' }}
            onClick={() => void downloadMeetingDocument(doc.id)}
          >
            {doc.name}
          </Anchor>
          <Snippet doc={doc} />
        </Stack>
      ),
    },
    { title: 'Folder', render: (doc) => [doc.root_folder_name, doc.folder_name].filter(Boolean).join(' › ') },
    { title: 'Date Updated', render: (doc) => formatDate(doc.updated_at), width: 130 },
  ];

  return (
    <Card component="section" aria-label={title}>
      <CardHeader title={title} icon={<IconSearch size={20} />} />
      <Group justify="space-between" align="flex-end" gap="sm" mb="sm">
        <TextInput
          label="Search documents"
          placeholder="Search by name or by words in the document"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          style={{ flex: '1 1 260px', maxWidth: 480 }}
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          disabled={selected.length === 0}
          onClick={() => void downloadMeetingDocuments(selected as number[])}
        >
          Download Selected
        </Button>
      </Group>
      {list.isError ? (
        <LoadFailedAlert
          title="The documents could not be loaded."
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <DataTable
          label={title}
          columns={columns}
          rows={list.data?.data}
          rowKey={(doc) => doc.id}
          loading={list.isLoading}
          stale={list.isPlaceholderData}
          empty={searching ? 'No documents match your search.' : MEETING_MESSAGES.noDocuments}
          minWidth={560}
          selection={{ selected, onChange: setSelected, rowLabel: (doc) => doc.name, allLabel: 'Select all documents' }}
          paging={{ ...params.paging(list.data?.total ?? 0), perPageOptions: PAGE_SIZES.meetingDocuments }}
        />
      )}
    </Card>
  );
}

/** The three-column browser with the admin's folder actions, uploads, downloads and deletes. */
function FoldersCard({ committeeId }: { committeeId: number }) {
  const [rootId, setRootId] = useState<number | null>(null);
  const [subId, setSubId] = useState<number | null>(null);
  const [selected, setSelected] = useState<FolderKey[]>([]);
  const [creating, setCreating] = useState<'root' | 'sub' | null>(null);
  const [accessFor, setAccessFor] = useState<MeetingFolder | null>(null);
  const [uploading, setUploading] = useState(false);

  const roots = useRootFolders(committeeId);
  const subs = useSubFolders(committeeId, rootId);
  const docs = useFolderDocuments(committeeId, subId);
  const health = useDocServiceHealth();
  const deleteFolder = useDeleteFolder();
  const deleteDocument = useDeleteDocument();
  const deleteDocuments = useDeleteDocuments();
  const uploaded = useDocumentUploaded(committeeId);

  const abilities = roots.data?.abilities ?? NO_ABILITIES;
  const root = roots.data?.data.find((f) => f.id === rootId) ?? null;
  const sub = subs.data?.data.find((f) => f.id === subId) ?? null;
  const openFolder = sub ?? root;
  const folders: FolderNode[] = useMemo(
    () =>
      (roots.data?.data ?? []).map((f) => ({
        id: f.id,
        name: f.restricted ? `${f.name} (restricted)` : f.name,
        children:
          f.id === rootId
            ? (subs.data?.data ?? []).map((s) => ({ id: s.id, name: s.restricted ? `${s.name} (restricted)` : s.name }))
            : undefined,
      })),
    [roots.data, subs.data, rootId],
  );
  const documents = subId !== null ? docs.data?.data : [];
  const visibleIds = new Set((documents ?? []).map((d) => d.id));
  const chosen = selected.filter((k) => visibleIds.has(k as number)) as number[];
  const indexUp = health.data === true;

  const removeFolder = (folder: MeetingFolder) =>
    confirmThenRun({
      title: 'Delete Folder',
      text: `Delete ${folder.name} with everything in it${folder.parent_id === null ? ' (its sub folders and their documents)' : ' (its documents)'}? This cannot be undone.`,
      confirm: 'Yes, Delete',
      run: async () => {
        const res = await deleteFolder.mutateAsync(folder.id);
        if (folder.id === rootId) setRootId(null);
        setSubId(null);
        setSelected([]);
        return res;
      },
    });

  const removeSelected = () =>
    confirmThenRun({
      title: 'Delete Selected',
      text: `Delete the ${chosen.length} selected document${chosen.length === 1 ? '' : 's'}? This cannot be undone.`,
      confirm: 'Yes, Delete',
      run: async () => {
        const res = await deleteDocuments.mutateAsync({ committeeId, ids: chosen });
        setSelected([]);
        return res;
      },
    });

  const removeOne = (doc: MeetingDocument) =>
    confirmThenRun({
      title: 'Delete Document',
      text: `Delete ${doc.name}? This cannot be undone.`,
      confirm: 'Yes, Delete',
      run: async () => {
        const res = await deleteDocument.mutateAsync(doc.id);
        setSelected((s) => s.filter((k) => k !== doc.id));
        return res;
      },
    });

  const manage = abilities['meetings.folder.manage'];
  return (
    <Card component="section" aria-label="Folders">
      <CardHeader title="Folders" />
      <Group gap="xs" mb="sm">
        {manage && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFolderPlus size={14} />}
            onClick={() => setCreating('root')}
          >
            Create New Folder
          </Button>
        )}
        {manage && root && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFolderPlus size={14} />}
            onClick={() => setCreating('sub')}
          >
            Create Sub Folder
          </Button>
        )}
        {manage && openFolder && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconLock size={14} />}
            onClick={() => setAccessFor(openFolder)}
          >
            Access
          </Button>
        )}
        {manage && openFolder && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => removeFolder(openFolder)}
          >
            Delete Folder
          </Button>
        )}
        {abilities['meetings.document.upload'] && (
          <Tooltip
            label={!indexUp ? MEETING_MESSAGES.indexUnavailable : 'Open a sub folder to upload to it.'}
            disabled={indexUp && sub !== null}
            multiline
            w={260}
          >
            <span>
              <Button
                size="xs"
                leftSection={<IconUpload size={14} />}
                disabled={!indexUp || sub === null}
                onClick={() => setUploading(true)}
              >
                Upload Document
              </Button>
            </span>
          </Tooltip>
        )}
      </Group>
      {openFolder && (
        <Text size="sm" c="dimmed" mb="xs">
          {[root?.name, sub?.name].filter(Boolean).join(' › ')}
        </Text>
      )}
      {roots.isError ? (
        <LoadFailedAlert
          title="The folders could not be loaded."
          error={roots.error}
          onRetry={() => void roots.refetch()}
        />
      ) : (
        <FolderBrowser<MeetingDocument>
          label="Meeting folders"
          folders={folders}
          rootId={rootId}
          subId={subId}
          onOpen={(r, s) => {
            setRootId(r as number | null);
            setSubId(s as number | null);
          }}
          documents={documents}
          loading={roots.isLoading || (subId !== null && docs.isLoading)}
          documentKey={(d) => d.id}
          documentName={(d) => d.name}
          documentDetail={(d) => `Updated ${formatDate(d.updated_at)}`}
          onOpenDocument={(d) => void downloadMeetingDocument(d.id)}
          selected={selected}
          onSelectedChange={setSelected}
          emptyText={{
            folders: MEETING_MESSAGES.noFolders,
            subFolders: MEETING_MESSAGES.noFolders,
            documents: MEETING_MESSAGES.noDocuments,
          }}
          actions={
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                disabled={chosen.length === 0}
                onClick={() => void downloadMeetingDocuments(chosen)}
              >
                Download Selected
              </Button>
              {abilities['meetings.document.delete'] && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  disabled={chosen.length === 0}
                  onClick={removeSelected}
                >
                  Delete Selected
                </Button>
              )}
            </Group>
          }
          documentActions={
            abilities['meetings.document.delete']
              ? (d) => (
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${d.name}`} onClick={() => removeOne(d)}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )
              : undefined
          }
        />
      )}
      <CreateFolderModal
        opened={creating !== null}
        onClose={() => setCreating(null)}
        committeeId={committeeId}
        parent={creating === 'sub' ? root : null}
        onCreated={(id) => {
          if (creating === 'sub') setSubId(id);
          else {
            setRootId(id);
            setSubId(null);
          }
        }}
      />
      {accessFor && (
        <AccessModal
          key={accessFor.id}
          opened
          onClose={() => setAccessFor(null)}
          committeeId={committeeId}
          folder={accessFor}
        />
      )}
      {sub && (
        <UploadDocumentModal
          opened={uploading}
          onClose={() => setUploading(false)}
          withDescription={false}
          send={(file, _description, options) => uploadMeetingDocument(sub.id, file, options)}
          onUploaded={() => void uploaded()}
        />
      )}
    </Card>
  );
}

/** /meeting-documents (spec/02 "Meeting documents"): the selected committee's documents. */
export default function MeetingDocumentsPage() {
  const committeeId = useCurrentCommitteeId();
  return (
    <>
      <PageTitle title={ROUTES.meetingDocuments.title} />
      {committeeId === null ? (
        <Alert icon={<IconInfoCircle size={18} />} color="blue" title="No committee">
          {MEETING_MESSAGES.noCommittee}
        </Alert>
      ) : (
        <Stack gap="lg">
          {/* Keyed by the committee: switching committees starts both afresh. */}
          <DocumentsTableCard key={`table-${committeeId}`} committeeId={committeeId} />
          <FoldersCard key={`folders-${committeeId}`} committeeId={committeeId} />
        </Stack>
      )}
    </>
  );
}
