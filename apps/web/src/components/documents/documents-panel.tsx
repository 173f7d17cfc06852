import { useState } from 'react';
import { Badge, Button, Center, Group, Loader, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import type { DocumentItem, UploadResponse } from '@portal/shared';
import { apiUrl } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { bulkDownloadUrl, downloadFile } from './download';
import { DocumentsTable, type DocumentColumns } from './documents-table';
import { DocumentReviewModal } from './review-modal';
import { UploadDocumentModal, UPLOAD_MODAL_TITLE, type SendUpload } from './upload-modal';

export type DocumentGroup = 'received' | 'submitted';

export interface DocumentTab {
  value: DocumentGroup;
  /** The tab's name, e.g. 'Received Job Documents'. */
  label: string;
  documents: readonly DocumentItem[];
  /** How many the group holds in all (the server sends at most per_page of each). */
  total?: number;
  columns: DocumentColumns;
  /** Received documents the user may review (a job's can_review). */
  canReview?: boolean;
}

export interface DocumentsPanelProps {
  tabs: readonly DocumentTab[];
  loading?: boolean;
  /** '/jobdocuments' or '/sitedocuments': download is {base}/{id}, bulk is {base}/bulk?ids[]=. */
  basePath: string;
  upload?: { send: SendUpload; onUploaded?: (response: UploadResponse) => void };
  review?: { submit: (doc: DocumentItem, comment: string) => Promise<{ message: string }> };
  uploaderFallback?: string;
}

/**
 * The documents of a job or a site: one tab per group, a download per name, row selection with a
 * 'Download' bulk action (one zip), the Upload Document modal and the Document Review modal.
 */
export function DocumentsPanel({
  tabs,
  loading = false,
  basePath,
  upload,
  review,
  uploaderFallback,
}: DocumentsPanelProps) {
  const [active, setActive] = useState<DocumentGroup>(tabs[0]?.value ?? 'received');
  const [selected, setSelected] = useState<Record<DocumentGroup, number[]>>({ received: [], submitted: [] });
  const [downloading, setDownloading] = useState<ReadonlySet<number>>(new Set());
  const [zipping, setZipping] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [reviewing, setReviewing] = useState<DocumentItem | null>(null);
  const [reviewSaving, setReviewSaving] = useState(false);
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;

  const activeTab = tabs.find((t) => t.value === active) ?? tabs[0];
  // Only ids still listed count (a refetch may have dropped some).
  const activeSelection = activeTab
    ? selected[activeTab.value].filter((id) => activeTab.documents.some((d) => d.id === id))
    : [];

  const downloadOne = async (doc: DocumentItem) => {
    setDownloading((s) => new Set(s).add(doc.id));
    try {
      await downloadFile(apiUrl(`${basePath}/${doc.id}`));
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading((s) => {
        const next = new Set(s);
        next.delete(doc.id);
        return next;
      });
    }
  };

  const downloadSelected = async () => {
    if (activeSelection.length === 0) return;
    setZipping(true);
    try {
      await downloadFile(bulkDownloadUrl(`${basePath}/bulk`, activeSelection));
    } catch (error) {
      notifyError(error);
    } finally {
      setZipping(false);
    }
  };

  const submitReview = async (doc: DocumentItem, comment: string) => {
    if (!review) return;
    setReviewSaving(true);
    try {
      const res = await review.submit(doc, comment);
      notifySuccess(res.message);
      setReviewing(null);
    } catch (error) {
      notifyError(error);
    } finally {
      setReviewSaving(false);
    }
  };

  return (
    <>
      <Tabs
        value={active}
        onChange={(value) => value && setActive(value as DocumentGroup)}
        keepMounted={false}
        variant={phone ? 'pills' : 'default'}
      >
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Tabs.List grow={phone} style={{ flex: '1 1 auto' }}>
            {tabs.map((tab) => (
              <Tabs.Tab
                key={tab.value}
                value={tab.value}
                rightSection={
                  loading ? undefined : (
                    <Badge
                      size="sm"
                      variant="light"
                      color="gray"
                      circle={(tab.total ?? tab.documents.length) < 10}
                      aria-hidden
                    >
                      {tab.total ?? tab.documents.length}
                    </Badge>
                  )
                }
              >
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {/* On a phone the two actions share the row, each half of it (no icons, so the names fit). */}
          <Group gap="xs" pb={4} grow={phone} w={phone ? '100%' : undefined} wrap="nowrap" preventGrowOverflow={false}>
            {activeSelection.length > 0 && !phone && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {activeSelection.length} selected
              </Text>
            )}
            <Button
              variant="default"
              leftSection={phone ? undefined : <IconDownload size={16} aria-hidden />}
              px={phone ? 'xs' : undefined}
              disabled={activeSelection.length === 0}
              loading={zipping}
              onClick={() => void downloadSelected()}
            >
              Download
            </Button>
            {upload && (
              <Button
                leftSection={phone ? undefined : <IconUpload size={16} aria-hidden />}
                px={phone ? 'xs' : undefined}
                onClick={() => setUploadOpen(true)}
              >
                {UPLOAD_MODAL_TITLE}
              </Button>
            )}
          </Group>
        </Group>

        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="sm">
            {loading ? (
              <Center p="xl">
                <Loader aria-label="Loading documents" />
              </Center>
            ) : (
              <DocumentsTable
                label={tab.label}
                documents={tab.documents}
                columns={tab.columns}
                selected={selected[tab.value]}
                onSelectedChange={(ids) => setSelected((s) => ({ ...s, [tab.value]: ids }))}
                onDownload={(doc) => void downloadOne(doc)}
                downloading={downloading}
                canReview={Boolean(review) && tab.canReview}
                reviewingId={reviewing?.id ?? null}
                onReview={setReviewing}
                uploaderFallback={uploaderFallback}
              />
            )}
            {!loading && tab.total !== undefined && tab.total > tab.documents.length && (
              <Text size="sm" c="dimmed" mt="sm">
                The first {tab.documents.length} of {tab.total} documents, oldest first.
              </Text>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>

      {upload && (
        <UploadDocumentModal
          opened={uploadOpen}
          onClose={() => setUploadOpen(false)}
          send={upload.send}
          onUploaded={(response) => {
            // What the user uploads is what they submit: show it there.
            if (tabs.some((t) => t.value === 'submitted')) setActive('submitted');
            upload.onUploaded?.(response);
          }}
        />
      )}
      {review && (
        <DocumentReviewModal
          key={reviewing?.id ?? 'none'}
          doc={reviewing}
          onCancel={() => setReviewing(null)}
          onSubmit={(doc, comment) => void submitReview(doc, comment)}
          submitting={reviewSaving}
        />
      )}
    </>
  );
}
