import type { ReactNode } from 'react';

/** How every table cell and detail shows "no value": one dash, everywhere. */
export const EMPTY_VALUE = '—';

/** The value, or the dash when there is none (null, undefined, ''). */
export function orDash(value: ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? EMPTY_VALUE : value;
}
