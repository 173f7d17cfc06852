import { useState } from 'react';
import { Anchor, Checkbox, Group, Loader, Text } from '@mantine/core';
import type { DocumentItem } from '@portal/shared';
import { DataTable, type DataColumn, type SortDirection } from '../data-table';
import { formatDate } from '../../lib/dates';
import classes from './documents.module.css';

/** Which optional columns a table shows (spec/01 2.6). */
export interface DocumentColumns {
  /** The Description column (not on a TA's received documents). */
  description: boolean;
  /** Reviewed and Review Comment (never for an AR). */
  review: boolean;
}

export interface DocumentsTableProps {
  /** The accessible name of the table, e.g. the tab's name. */
  label: string;
  documents: readonly DocumentItem[];
  columns: DocumentColumns;
  selected: readonly number[];
  onSelectedChange: (ids: number[]) => void;
  onDownload: (doc: DocumentItem) => void;
  /** Documents being downloaded right now. */
  downloading?: ReadonlySet<number>;
  /** True when the user may review these documents (the job's can_review, received side). */
  canReview?: boolean;
  /** The document whose review modal is open: its box shows ticked. */
  reviewingId?: number | null;
  onReview?: (doc: DocumentItem) => void;
  /** Shown as the uploader when a document has none (a site document the body sent). */
  uploaderFallback?: string;
  emptyText?: string;
}

const DASH = '—';

function uploaderOf(doc: DocumentItem, fallback: string): string {
  return doc.user ? `${doc.user.first_name} ${doc.user.last_name}`.trim() : fallback;
}

function NameButton({
  doc,
  onDownload,
  downloading,
}: {
  doc: DocumentItem;
  onDownload: (doc: DocumentItem) => void;
  downloading: boolean;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={500}
        ta="left"
        className={classes.name}
        onClick={() => onDownload(doc)}
      >
        {doc.name}
      </Anchor>
      {downloading && <Loader size={14} aria-label={`Downloading ${doc.name}`} />}
    </Group>
  );
}

function ReviewedCell({
  doc,
  canReview,
  reviewing,
  onReview,
}: {
  doc: DocumentItem;
  canReview: boolean;
  reviewing: boolean;
  onReview?: (doc: DocumentItem) => void;
}) {
  if (doc.reviewed_date) {
    return (
      <Group gap={8} wrap="nowrap">
        <Checkbox checked readOnly disabled aria-label={`Reviewed ${doc.name}`} />
        <Text size="sm">{formatDate(doc.reviewed_date)}</Text>
      </Group>
    );
  }
  if (canReview && onReview) {
    return (
      <Checkbox
        aria-label={`Review ${doc.name}`}
        checked={reviewing}
        onChange={(event) => {
          if (event.currentTarget.checked) onReview(doc);
        }}
      />
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {DASH}
    </Text>
  );
}

const byDate = (a: DocumentItem, b: DocumentItem) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id;

/**
 * One group of job or site documents on the one DataTable: select for bulk download (with select
 * all), download by name, review. The group comes whole (at most a page of 100), so it sorts here:
 * dateUploaded ascending by default (spec/01 2.6), flipped from the header.
 */
export function DocumentsTable({
  label,
  documents,
  columns,
  selected,
  onSelectedChange,
  onDownload,
  downloading,
  canReview = false,
  reviewingId = null,
  onReview,
  uploaderFallback = DASH,
  emptyText = 'No documents yet.',
}: DocumentsTableProps) {
  const [direction, setDirection] = useState<SortDirection>('asc');
  const rows = [...documents].sort((a, b) => (direction === 'asc' ? byDate(a, b) : byDate(b, a)));
  const wrap = (text: string) => (
    <Text size="sm" className={classes.wrap}>
      {text}
    </Text>
  );

  const tableColumns: DataColumn<DocumentItem>[] = [
    {
      title: 'Document Name',
      render: (doc) => <NameButton doc={doc} onDownload={onDownload} downloading={downloading?.has(doc.id) ?? false} />,
    },
    ...(columns.description ? [{ title: 'Description', render: (doc: DocumentItem) => wrap(doc.description) }] : []),
    { title: 'Date Uploaded', sortKey: 'created_at', width: 150, render: (doc) => formatDate(doc.created_at) },
    { title: 'Uploaded By', render: (doc) => uploaderOf(doc, uploaderFallback) },
    ...(columns.review
      ? [
          {
            title: 'Reviewed',
            width: 150,
            render: (doc: DocumentItem) => (
              <ReviewedCell doc={doc} canReview={canReview} reviewing={reviewingId === doc.id} onReview={onReview} />
            ),
          },
          { title: 'Review Comment', render: (doc: DocumentItem) => wrap(doc.reviewed_comment || DASH) },
        ]
      : []),
  ];

  return (
    <DataTable
      label={label}
      columns={tableColumns}
      rows={rows}
      rowKey={(doc) => doc.id}
      empty={emptyText}
      minWidth={columns.review ? 860 : 680}
      sort={{ key: 'created_at', direction, onChange: (_key, next) => setDirection(next) }}
      selection={{
        selected,
        onChange: (keys) => onSelectedChange(keys.map(Number)),
        rowLabel: (doc) => `Select ${doc.name}`,
        allLabel: 'Select all documents',
      }}
    />
  );
}
