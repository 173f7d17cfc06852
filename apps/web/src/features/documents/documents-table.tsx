import { useState } from 'react';
import { Anchor, Checkbox, Group, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { DocumentItem } from '@portal/shared';
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

/** One group of job or site documents: select for bulk download, download by name, review. */
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
  // dateUploaded ascending by default (the server's order); the header flips it.
  const [ascending, setAscending] = useState(true);
  const rows = [...documents].sort((a, b) => {
    const diff = Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id;
    return ascending ? diff : -diff;
  });
  const ids = documents.map((d) => d.id);
  const selectedHere = ids.filter((id) => selected.includes(id));
  const allSelected = ids.length > 0 && selectedHere.length === ids.length;
  const toggle = (id: number, on: boolean) => onSelectedChange(on ? [...selected, id] : selected.filter((s) => s !== id));
  const columnCount = 4 + (columns.description ? 1 : 0) + (columns.review ? 2 : 0);

  return (
    <Table.ScrollContainer minWidth={columns.review ? 860 : 680} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={label} className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                aria-label="Select all documents"
                checked={allSelected}
                indeterminate={selectedHere.length > 0 && !allSelected}
                disabled={ids.length === 0}
                onChange={(event) => onSelectedChange(event.currentTarget.checked ? [...new Set([...selected, ...ids])] : selected.filter((s) => !ids.includes(s)))}
              />
            </Table.Th>
            <Table.Th>Document Name</Table.Th>
            {columns.description && <Table.Th>Description</Table.Th>}
            <Table.Th aria-sort={ascending ? 'ascending' : 'descending'} w={150}>
              <UnstyledButton onClick={() => setAscending((a) => !a)} className={classes.sort}>
                <Group gap={4} wrap="nowrap">
                  <span>Date Uploaded</span>
                  {ascending ? <IconArrowUp size={14} aria-hidden /> : <IconArrowDown size={14} aria-hidden />}
                </Group>
              </UnstyledButton>
            </Table.Th>
            <Table.Th>Uploaded By</Table.Th>
            {columns.review && <Table.Th w={150}>Reviewed</Table.Th>}
            {columns.review && <Table.Th>Review Comment</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                <Text c="dimmed" size="sm" ta="center" py="md">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((doc) => {
              const reviewing = reviewingId === doc.id;
              return (
                <Table.Tr key={doc.id} bg={selected.includes(doc.id) ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Table.Td>
                    <Checkbox aria-label={`Select ${doc.name}`} checked={selected.includes(doc.id)} onChange={(event) => toggle(doc.id, event.currentTarget.checked)} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Anchor component="button" type="button" size="sm" fw={500} ta="left" className={classes.name} onClick={() => onDownload(doc)}>
                        {doc.name}
                      </Anchor>
                      {downloading?.has(doc.id) && <Loader size={14} aria-label={`Downloading ${doc.name}`} />}
                    </Group>
                  </Table.Td>
                  {columns.description && (
                    <Table.Td>
                      <Text size="sm" className={classes.wrap}>
                        {doc.description}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Text size="sm">{formatDate(doc.created_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{uploaderOf(doc, uploaderFallback)}</Text>
                  </Table.Td>
                  {columns.review && (
                    <Table.Td>
                      {doc.reviewed_date ? (
                        <Checkbox checked readOnly disabled aria-label={`Reviewed ${doc.name}`} label={formatDate(doc.reviewed_date)} size="sm" />
                      ) : canReview && onReview ? (
                        <Checkbox
                          aria-label={`Review ${doc.name}`}
                          checked={reviewing}
                          onChange={(event) => {
                            if (event.currentTarget.checked) onReview(doc);
                          }}
                        />
                      ) : (
                        <Text size="sm" c="dimmed">
                          {DASH}
                        </Text>
                      )}
                    </Table.Td>
                  )}
                  {columns.review && (
                    <Table.Td>
                      <Text size="sm" className={classes.wrap}>
                        {doc.reviewed_comment || DASH}
                      </Text>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
