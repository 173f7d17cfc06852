import { z } from 'zod';
import { safeId, safeInt, safeString } from './common.js';

/** ?page=&per_page= of every list that pages in SQL; per_page is capped so one call cannot read a table. */
export const pageQuery = (defaultPerPage: number, maxPerPage = 100) => ({
  page: safeInt().min(1).default(1),
  per_page: safeInt().min(1).max(maxPerPage).default(defaultPerPage),
});

/** A page of a list: the rows, how many there are in all, and the page asked for. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number(), page: z.number(), per_page: z.number() });

/**
 * Whether a YYYY-MM-DD text names a day PostgreSQL accepts: the shape alone let 2026-13-45 or
 * 2026-02-30 through to the database, which refused it and the call answered 500.
 */
function isCalendarDay(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const day = new Date(0);
  day.setUTCFullYear(y, m - 1, d);
  return y >= 1 && day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

const DATE_FORMAT = 'Use a date as YYYY-MM-DD.';

/** A calendar date as sent and received: YYYY-MM-DD (the screens show d/m/y). */
export const isoDate = safeString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FORMAT)
  .refine(isCalendarDay, DATE_FORMAT);

/** A positive integer id in a path. */
export const idParam = z.object({ id: safeId() });
