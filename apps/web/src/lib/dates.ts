import { TIMEZONE } from '@portal/shared';

/** Dates are stored in UTC and shown in Australia/Sydney (spec/01 section 9, DECISIONS "Time"). */

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// One formatter for every date and time the app shows: building an Intl.DateTimeFormat with a time
// zone costs far more than formatting with it (the dashboard's first paint waits for the first;
// bench/dashboard-vitals.mjs), so it is built once, on first use.
let sydney: Intl.DateTimeFormat | undefined;

/** The Sydney day, month, four-digit year, hour (1-12), minute and day period of a date. */
function parts(date: Date): Record<string, string> {
  sydney ??= new Intl.DateTimeFormat('en-AU', {
    timeZone: TIMEZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  const out: Record<string, string> = {};
  for (const part of sydney.formatToParts(date)) out[part.type] = part.value;
  return out;
}

/** DD/MM/YYYY in Sydney time; '' for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const p = parts(date);
  return `${p.day}/${p.month}/${p.year}`;
}

/** DD/MM/YY in Sydney time. */
export function formatShortDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const p = parts(date);
  return `${p.day}/${p.month}/${p.year!.slice(-2)}`;
}

/** DD/MM/YYYY h:mm am/pm in Sydney time. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const p = parts(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`.trim();
}

/** The d/m/y reading of a typed date lives in packages/shared: the server refuses what the forms refuse. */
export { parseDayMonthYear } from '@portal/shared';
