import type { ReactNode } from 'react';
import { Pagination, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailedAlert } from './load-failed-alert';

/** A page of people as cards: what the list answers (paged in SQL). */
export interface CardPage<T> {
  data: T[];
  total: number;
  per_page: number;
}

/** The search box above a card grid: its label, what it searches and the typed term. */
export function CardSearch({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maw={420}
      mb="md"
      type="search"
    />
  );
}

/**
 * The states of a paged card list, one way for every list of people (committee members, the
 * admins' users): the load error with a retry, loading, the empty message, then the count, the
 * cards (dimmed while the next page loads over the last) and the pager.
 */
export function CardGrid<T extends { id: number }>({
  query,
  noun,
  empty,
  failedTitle,
  page,
  onPage,
  card,
}: {
  query: UseQueryResult<CardPage<T>>;
  /** Singular and plural, for the count: ['member', 'members']. */
  noun: [string, string];
  empty: string;
  failedTitle: string;
  page: number;
  onPage: (page: number) => void;
  card: (item: T) => ReactNode;
}) {
  const data = query.data;
  if (query.isError)
    return <LoadFailedAlert title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <Text c="dimmed">Loading {noun[1]}…</Text>;
  if (data.data.length === 0) return <Text c="dimmed">{empty}</Text>;
  const pages = Math.max(1, Math.ceil(data.total / data.per_page));
  return (
    <Stack gap="md" style={{ opacity: query.isPlaceholderData && query.isFetching ? 0.6 : 1 }}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {data.total} {data.total === 1 ? noun[0] : noun[1]}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {data.data.map(card)}
      </SimpleGrid>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Stack>
  );
}
