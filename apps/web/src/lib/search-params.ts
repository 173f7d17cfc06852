import { JOB_TYPE_FILTERS, type JobTypeFilter } from '@portal/shared';

/** Reads the filters a page keeps in its address (so Back from a job returns to the same page). */

export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function typeParam(params: URLSearchParams): JobTypeFilter | undefined {
  const type = params.get('type');
  return (JOB_TYPE_FILTERS as readonly string[]).includes(type ?? '') ? (type as JobTypeFilter) : undefined;
}

export function isoDateParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/** Sets or removes search params, and goes back to page 1 unless the page itself changes. */
export function withParams(params: URLSearchParams, changes: Record<string, string | number | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}
