import { z } from 'zod';
import { isCalendarDay } from '../dates.js';
import { safeId, safeInt, safeString } from './common.js';

/** ?page=&per_page= of every list that pages in SQL; per_page is capped so one call cannot read a table. */
export const pageQuery = (defaultPerPage: number, maxPerPage = 100) => ({
  page: safeInt().min(1).default(1),
  per_page: safeInt().min(1).max(maxPerPage).default(defaultPerPage),
});

/** A page of a list: the rows, how many there are in all, and the page asked for. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number(), page: z.number(), per_page: z.number() });

const DATE_FORMAT = 'Use a date as YYYY-MM-DD.';

/** A calendar date as sent and received: YYYY-MM-DD (the screens show d/m/y). */
export const isoDate = safeString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FORMAT)
  .refine(isCalendarDay, DATE_FORMAT);

/** A positive integer id in a path. */
export const idParam = z.object({ id: safeId() });
