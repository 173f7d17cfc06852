import { useEffect, useSyncExternalStore } from 'react';
import type { RouteName } from '@portal/shared';

/**
 * The records a page shows, for the breadcrumbs (app/shell/breadcrumbs.tsx): the trail of route
 * names comes from the shared route table; a record's page names itself and its owners here
 * ({ facility: { label: 'Harbour Analytical', to: '/facility/3' }, site: { label: 'North Ryde' } }).
 */
export type RecordCrumbs = Partial<Record<RouteName, { label: string; to?: string }>>;

let crumbs: RecordCrumbs = {};
const listeners = new Set<() => void>();

function set(next: RecordCrumbs): void {
  crumbs = next;
  for (const listener of listeners) listener();
}

/** A page names its records while it is shown; null while they load. */
export function useRecordCrumbs(value: RecordCrumbs | null): void {
  const key = JSON.stringify(value ?? {});
  useEffect(() => {
    set(JSON.parse(key) as RecordCrumbs);
    return () => set({});
  }, [key]);
}

export function useRecordCrumbsValue(): RecordCrumbs {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => crumbs,
    () => crumbs,
  );
}
