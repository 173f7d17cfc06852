import { useCallback, useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { PAGE_SIZES } from '@portal/shared';
import { pageParam, withParams } from './search-params';

export type SortDirection = 'asc' | 'desc';
type Changes = Record<string, string | number | null | undefined>;

export interface ListDefaults {
  /** The page size when the address names none (or one not offered). */
  perPage: number;
  /** The page sizes offered; a `per_page` outside them is ignored. PAGE_SIZES.generic unless given. */
  perPageOptions?: readonly number[];
  /** The sort when the address names none; `sortKeys` are the keys the list accepts. */
  sort?: { key: string; direction: SortDirection };
  sortKeys?: readonly string[];
}

export interface ListParams {
  page: number;
  perPage: number;
  sort: { key: string; direction: SortDirection } | undefined;
  /** A filter's value from the address ('' when absent). */
  filter: (name: string) => string;
  /** Sets filters (null or '' removes one) and goes back to page 1, unless `page` is among them. */
  set: (changes: Changes) => void;
  setPage: (page: number) => void;
  /** The DataTable's `sort` and `paging` props, wired to the address. */
  sortProps:
    { key: string; direction: SortDirection; onChange: (key: string, direction: SortDirection) => void } | undefined;
  paging: (total: number) => {
    page: number;
    perPage: number;
    total: number;
    onPageChange: (page: number) => void;
    onPerPageChange: (n: number) => void;
  };
}

/**
 * A list's page, page size, sort and filters, kept in the page's address (`page`, `per_page`, `sort`,
 * `direction` and the filters' own names), so Back from a record and a reload show the same rows.
 * Changes replace the history entry: paging through a list is not a trail of Back steps.
 */
export function useListParams(defaults: ListDefaults): ListParams {
  const [params, setParams] = useSearchParams();
  const options = defaults.perPageOptions ?? PAGE_SIZES.generic;
  const asked = Number(params.get('per_page'));
  const perPage = options.includes(asked) ? asked : defaults.perPage;
  const page = pageParam(params);
  const sortKey = params.get('sort');
  const direction = params.get('direction');
  const sort =
    defaults.sort && sortKey && defaults.sortKeys?.includes(sortKey)
      ? { key: sortKey, direction: direction === 'desc' ? ('desc' as const) : ('asc' as const) }
      : defaults.sort;

  const set = useCallback(
    (changes: Changes) => setParams((current) => withParams(current, changes), { replace: true }),
    [setParams],
  );
  const setPage = useCallback((p: number) => set({ page: p > 1 ? p : null }), [set]);

  return {
    page,
    perPage,
    sort,
    filter: (name: string) => params.get(name) ?? '',
    set,
    setPage,
    sortProps: sort && {
      key: sort.key,
      direction: sort.direction,
      onChange: (key: string, dir: SortDirection) => set({ sort: key, direction: dir }),
    },
    paging: (total: number) => ({
      page,
      perPage,
      total,
      onPageChange: setPage,
      onPerPageChange: (n: number) => set({ per_page: n }),
    }),
  };
}

/**
 * A filter typed in a box: the box follows each key (`term`); once typing pauses the trimmed term
 * (`value`, what the list asks for) is written to the address too. A term in the address on
 * arrival fills the box.
 */
export function useTypedFilter(
  list: ListParams,
  name: string,
  wait = 300,
): { term: string; setTerm: (value: string) => void; value: string } {
  const current = list.filter(name);
  const [term, setTerm] = useState(current);
  const [debounced] = useDebouncedValue(term, wait);
  const value = debounced.trim();
  const { set } = list;
  useEffect(() => {
    if (value !== current) set({ [name]: value || null });
  }, [value, current, name, set]);
  return { term, setTerm, value };
}
