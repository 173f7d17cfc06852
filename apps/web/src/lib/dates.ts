import { TIMEZONE } from '@portal/shared';

/** Dates are stored in UTC and shown in Australia/Sydney (spec/01 section 9, DECISIONS "Time"). */

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// One formatter for every date and time the app shows: building an Intl.DateTimeFormat with a time
// zone costs far more than formatting with it (10-40 ms for the first on a page, where the
// dashboard's first paint waits for it; bench/dashboard-vitals.mjs), so it is built once, on first use.
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

/**
 * What a user types in a d/m/y date filter (spec/01 section 9): '5/1/2026', '05/01/2026', '5-1-2026'
 * or '5.1.2026' -> '2026-01-05'. Null when it is not a real date. The year has four digits, so a
 * filter does not search 2020 while '5/1/2026' is still being typed.
 */
export function parseDayMonthYear(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
