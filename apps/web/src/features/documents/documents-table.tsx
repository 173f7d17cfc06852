import { useState, type ReactNode } from 'react';
import { Anchor, Box, Checkbox, Group, Loader, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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

function NameButton({ doc, onDownload, downloading }: { doc: DocumentItem; onDownload: (doc: DocumentItem) => void; downloading: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor component="button" type="button" size="sm" fw={500} ta="left" className={classes.name} onClick={() => onDownload(doc)}>
        {doc.name}
      </Anchor>
      {downloading && <Loader size={14} aria-label={`Downloading ${doc.name}`} />}
    </Group>
  );
}

function ReviewedCell({ doc, canReview, reviewing, onReview }: { doc: DocumentItem; canReview: boolean; reviewing: boolean; onReview?: (doc: DocumentItem) => void }) {
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

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed" fw={600} w="38%" lh={1.7} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box fz="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Group>
  );
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
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
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

  const selectAll = (
    <Checkbox
      aria-label="Select all documents"
      label={phone ? 'Select all' : undefined}
      checked={allSelected}
      indeterminate={selectedHere.length > 0 && !allSelected}
      disabled={ids.length === 0}
      onChange={(event) => onSelectedChange(event.currentTarget.checked ? [...new Set([...selected, ...ids])] : selected.filter((s) => !ids.includes(s)))}
    />
  );
  const sortButton = (
    <UnstyledButton onClick={() => setAscending((a) => !a)} className={classes.sort}>
      <Group gap={4} wrap="nowrap">
        <span>Date Uploaded</span>
        {ascending ? <IconArrowUp size={14} aria-hidden /> : <IconArrowDown size={14} aria-hidden />}
      </Group>
    </UnstyledButton>
  );

  if (phone) {
    // On a phone each document is a card, so nothing hides off the right edge.
    return (
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          {selectAll}
          <Text size="sm" c="dimmed" component="div">
            {sortButton}
          </Text>
        </Group>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="md">
            {emptyText}
          </Text>
        ) : (
          <Stack component="ul" aria-label={label} gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((doc) => (
              <Paper component="li" key={doc.id} withBorder p="sm" bg={selected.includes(doc.id) ? 'var(--mantine-primary-color-light)' : undefined}>
                <Stack gap={6}>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <Checkbox mt={2} aria-label={`Select ${doc.name}`} checked={selected.includes(doc.id)} onChange={(event) => toggle(doc.id, event.currentTarget.checked)} />
                    <NameButton doc={doc} onDownload={onDownload} downloading={downloading?.has(doc.id) ?? false} />
                  </Group>
                  {columns.description && <Line label="Description">{doc.description}</Line>}
                  <Line label="Date Uploaded">{formatDate(doc.created_at)}</Line>
                  <Line label="Uploaded By">{uploaderOf(doc, uploaderFallback)}</Line>
                  {columns.review && (
                    <Line label="Reviewed">
                      <ReviewedCell doc={doc} canReview={canReview} reviewing={reviewingId === doc.id} onReview={onReview} />
                    </Line>
                  )}
                  {columns.review && <Line label="Review Comment">{doc.reviewed_comment || DASH}</Line>}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={columns.review ? 860 : 680} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={label} className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>{selectAll}</Table.Th>
            <Table.Th>Document Name</Table.Th>
            {columns.description && <Table.Th>Description</Table.Th>}
            <Table.Th aria-sort={ascending ? 'ascending' : 'descending'} w={150}>
              {sortButton}
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
            rows.map((doc) => (
              <Table.Tr key={doc.id} bg={selected.includes(doc.id) ? 'var(--mantine-primary-color-light)' : undefined}>
                <Table.Td>
                  <Checkbox aria-label={`Select ${doc.name}`} checked={selected.includes(doc.id)} onChange={(event) => toggle(doc.id, event.currentTarget.checked)} />
                </Table.Td>
                <Table.Td>
                  <NameButton doc={doc} onDownload={onDownload} downloading={downloading?.has(doc.id) ?? false} />
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
                    <ReviewedCell doc={doc} canReview={canReview} reviewing={reviewingId === doc.id} onReview={onReview} />
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
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
