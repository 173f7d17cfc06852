import { useMemo, useState } from 'react';
import { Button, Card } from '@mantine/core';
import { IconDownload, IconFolders, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { pathTo, PUBLICATION_MESSAGES, ROUTES, type PublicationItem } from '@portal/shared';
import { CardHeader } from '../../../components/card-header';
import { FolderBrowser, type FolderKey, type FolderNode } from '../../../components/folder-browser';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { formatDate } from '../../../lib/dates';
import { downloadPublications, useCategories, useCategoryPublications } from '../api';

export const SUBSCRIPTIONS_BROWSER_LABEL = 'Subscribed categories';

/**
 * 'Your Subscriptions' (spec/02 "Publications and subscriptions"): the three-column browser over the
 * categories the user subscribes to (root category, sub category, publications), Select all,
 * 'Download Selected Files' as one streamed zip, and 'Manage Subscriptions'. The tree comes without
 * publications; a sub category's are asked for when it is opened, a page at a time.
 */
export function SubscriptionsCard() {
  const navigate = useNavigate();
  const tree = useCategories({ withPublication: false, subscribed: true });
  const [rootId, setRootId] = useState<number | null>(null);
  const [subId, setSubId] = useState<number | null>(null);
  const [selected, setSelected] = useState<FolderKey[]>([]);

  const folders: FolderNode[] = useMemo(
    () =>
      (tree.data ?? []).map((r) => ({
        id: r.id,
        name: r.name,
        children: r.children.map((c) => ({ id: c.id, name: c.name })),
      })),
    [tree.data],
  );
  const sub = tree.data?.find((r) => r.id === rootId)?.children.find((c) => c.id === subId) ?? null;
  const publications = useCategoryPublications(sub?.id ?? null);
  const documents = publications.data?.items ?? [];
  const visible = new Set(documents.map((d) => d.id));
  const chosen = selected.filter((k) => visible.has(k as number)) as number[];
  const title = PUBLICATION_MESSAGES.subscriptionsTitle;

  return (
    <Card component="section" aria-label={title}>
      <CardHeader
        title={title}
        icon={<IconFolders size={20} />}
        actions={
          <Button
            component={Link}
            to={ROUTES.subscriptions.path}
            size="xs"
            variant="light"
            leftSection={<IconSettings size={14} />}
          >
            Manage Subscriptions
          </Button>
        }
      />
      {tree.isError ? (
        <LoadFailedAlert
          title="Your subscriptions could not be loaded."
          error={tree.error}
          onRetry={() => void tree.refetch()}
        />
      ) : (
        <FolderBrowser<PublicationItem>
          label={SUBSCRIPTIONS_BROWSER_LABEL}
          folders={folders}
          rootId={rootId}
          subId={subId}
          onOpen={(r, s) => {
            setRootId(r as number | null);
            setSubId(s as number | null);
          }}
          documents={documents}
          loading={tree.isLoading || publications.isLoading}
          documentKey={(d) => d.id}
          documentName={(d) => d.name}
          documentDetail={(d) => `Updated ${formatDate(d.updated_at)}`}
          onOpenDocument={(d) => void navigate(pathTo('publication', { id: d.id }))}
          selected={selected}
          onSelectedChange={setSelected}
          columnTitles={{ folders: 'Categories', subFolders: 'Sub categories', documents: 'Publications' }}
          chooseText={{ folder: 'Choose a category.', subFolder: 'Choose a sub category.' }}
          emptyText={{
            folders: PUBLICATION_MESSAGES.noFolders,
            subFolders: PUBLICATION_MESSAGES.noFolders,
            documents: PUBLICATION_MESSAGES.noDocuments,
          }}
          documentsFooter={
            publications.hasNextPage && (
              <Button
                size="xs"
                variant="subtle"
                loading={publications.isFetchingNextPage}
                onClick={() => void publications.fetchNextPage()}
              >
                Show more publications ({documents.length} of {publications.data?.total})
              </Button>
            )
          }
          actions={
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              disabled={chosen.length === 0}
              onClick={() => void downloadPublications(chosen)}
            >
              Download Selected Files
            </Button>
          }
        />
      )}
    </Card>
  );
}
