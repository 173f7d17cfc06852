import { isCalendarDay } from '@portal/shared';

/** The address's filters, read and written: lib/list-params.ts builds the lists' one hook on them. */

export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * A YYYY-MM-DD day of the calendar, or undefined for anything else (a hand-edited address): Date.parse
 * took 2026-02-30, which the server refuses and the date picker showed as 02/03/2026.
 */
export function isoDate(value: string | null): string | undefined {
  return value && isCalendarDay(value) ? value : undefined;
}

/** Sets or removes search params, and goes back to page 1 unless the page itself changes. */
export function withParams(
  params: URLSearchParams,
  changes: Record<string, string | number | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}
