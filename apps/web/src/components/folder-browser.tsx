import type { ReactNode } from 'react';
import { Anchor, Box, Checkbox, Group, Loader, NavLink, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight, IconFile, IconFolder } from '@tabler/icons-react';

export type FolderKey = string | number;

export interface FolderNode {
  id: FolderKey;
  name: string;
  /** The sub folders of a root folder. */
  children?: readonly FolderNode[];
}

export interface FolderBrowserProps<D> {
  /** Names the browser (a region) for assistive tools and tests. */
  label: string;
  /** The root folders, each with its sub folders. */
  folders: readonly FolderNode[];
  rootId: FolderKey | null;
  subId: FolderKey | null;
  /** Picking a root folder clears the sub folder; the caller loads the documents of the folder picked. */
  onOpen: (rootId: FolderKey | null, subId: FolderKey | null) => void;
  /** The documents of the open folder (the sub folder, or the root when it has none). */
  documents: readonly D[] | undefined;
  loading?: boolean;
  documentKey: (doc: D) => FolderKey;
  documentName: (doc: D) => string;
  /** A line under the name (a date, a size). */
  documentDetail?: (doc: D) => ReactNode;
  onOpenDocument: (doc: D) => void;
  selected: readonly FolderKey[];
  onSelectedChange: (keys: FolderKey[]) => void;
  /** Bulk actions over the selected documents (Download, Delete), beside Select all. */
  actions?: ReactNode;
  /** Actions on one document (a delete), at the end of its line. */
  documentActions?: (doc: D) => ReactNode;
  /** The empty texts of the spec's screens (meetings, publications). */
  emptyText?: { folders?: string; subFolders?: string; documents?: string };
  /** The three columns' headings (publications: 'Categories', 'Sub categories', 'Publications'). */
  columnTitles?: { folders?: string; subFolders?: string; documents?: string };
  /** What the open columns ask the user to choose ('Choose a folder.'). */
  chooseText?: { folder?: string; subFolder?: string };
  /** Under the open folder's documents: a way to load more of a folder that comes a page at a time. */
  documentsFooter?: ReactNode;
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" component="section" aria-label={title} mih={200}>
      <Title order={3} size="h6" c="dimmed" tt="uppercase" px="xs" pb={6}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed" px="xs" py="sm">
    {children}
  </Text>
);

/**
 * The three-column folder browser (meetings, publications): root folders, the open root's sub
 * folders, the open folder's documents with a box each and Select all. On a phone the columns stack.
 */
export function FolderBrowser<D>({
  label,
  folders,
  rootId,
  subId,
  onOpen,
  documents,
  loading = false,
  documentKey,
  documentName,
  documentDetail,
  onOpenDocument,
  selected,
  onSelectedChange,
  actions,
  documentActions,
  emptyText = {},
  columnTitles = {},
  chooseText = {},
  documentsFooter,
}: FolderBrowserProps<D>) {
  const root = folders.find((f) => f.id === rootId) ?? null;
  const subs = root?.children ?? [];
  const open = root !== null && (subs.length === 0 || subId !== null);
  const docs = open ? (documents ?? []) : [];
  const keys = docs.map(documentKey);
  const here = keys.filter((k) => selected.includes(k));
  const all = keys.length > 0 && here.length === keys.length;
  const chooseFolder = chooseText.folder ?? 'Choose a folder.';

  return (
    <Box component="section" aria-label={label}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Column title={columnTitles.folders ?? 'Folders'}>
          {folders.length === 0 ? (
            <Empty>{emptyText.folders ?? 'No folders yet.'}</Empty>
          ) : (
            folders.map((folder) => (
              <NavLink
                key={folder.id}
                component="button"
                label={folder.name}
                leftSection={<IconFolder size={16} aria-hidden />}
                rightSection={folder.children?.length ? <IconChevronRight size={14} aria-hidden /> : undefined}
                active={folder.id === rootId}
                aria-current={folder.id === rootId ? 'true' : undefined}
                onClick={() => onOpen(folder.id, null)}
              />
            ))
          )}
        </Column>
        <Column title={columnTitles.subFolders ?? 'Sub folders'}>
          {root === null ? (
            <Empty>{chooseFolder}</Empty>
          ) : subs.length === 0 ? (
            <Empty>{emptyText.subFolders ?? 'No sub folders.'}</Empty>
          ) : (
            subs.map((sub) => (
              <NavLink
                key={sub.id}
                component="button"
                label={sub.name}
                leftSection={<IconFolder size={16} aria-hidden />}
                active={sub.id === subId}
                aria-current={sub.id === subId ? 'true' : undefined}
                onClick={() => onOpen(root.id, sub.id)}
              />
            ))
          )}
        </Column>
        <Column title={columnTitles.documents ?? 'Documents'}>
          {!open ? (
            <Empty>{root === null ? chooseFolder : (chooseText.subFolder ?? 'Choose a sub folder.')}</Empty>
          ) : loading ? (
            <Group justify="center" py="md">
              <Loader size="sm" aria-label="Loading documents" />
            </Group>
          ) : docs.length === 0 ? (
            <Empty>{emptyText.documents ?? 'No documents in this folder.'}</Empty>
          ) : (
            <Stack gap={6} px="xs">
              <Group justify="space-between" gap="xs">
                <Checkbox
                  label="Select all"
                  checked={all}
                  indeterminate={here.length > 0 && !all}
                  onChange={(event) =>
                    onSelectedChange(
                      event.currentTarget.checked
                        ? [...new Set([...selected, ...keys])]
                        : selected.filter((k) => !keys.includes(k)),
                    )
                  }
                />
                {actions}
              </Group>
              <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Documents">
                {docs.map((doc) => {
                  const key = documentKey(doc);
                  return (
                    <Group component="li" key={key} gap="xs" wrap="nowrap" align="flex-start">
                      <Checkbox
                        mt={2}
                        aria-label={`Select ${documentName(doc)}`}
                        checked={selected.includes(key)}
                        onChange={(event) =>
                          onSelectedChange(
                            event.currentTarget.checked ? [...selected, key] : selected.filter((k) => k !== key),
                          )
                        }
                      />
                      <IconFile size={16} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
                      <Box style={{ minWidth: 0, flex: 1 }}>
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          ta="left"
                          style={{ overflowWrap: 'anywhere' }}
                          onClick={() => onOpenDocument(doc)}
                        >
                          {documentName(doc)}
                        </Anchor>
                        {documentDetail && (
                          <Text size="xs" c="dimmed">
                            {documentDetail(doc)}
                          </Text>
                        )}
                      </Box>
                      {documentActions?.(doc)}
                    </Group>
                  );
                })}
              </Stack>
              {documentsFooter}
            </Stack>
          )}
        </Column>
      </SimpleGrid>
    </Box>
  );
}
