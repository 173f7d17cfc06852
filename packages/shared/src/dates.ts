/**
 * A typed d/m/y date (spec/01 section 9: '5/1/2026', '05/01/2026', also with . or -) as
 * YYYY-MM-DD, or null when it is not a day of the calendar ('31/02/2026', 'abc'). The forms and the
 * server both use it, so a date the form refuses is refused by the server too.
 */
export function parseDayMonthYear(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Whether a YYYY-MM-DD text names a day PostgreSQL accepts: the shape alone let 2026-13-45 or
 * 2026-02-30 through to the database, which refused it and the call answered 500. The screens read
 * a date from the address with it too, so a hand-edited one is not shown rolled over (30/02 as 02/03).
 */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const day = new Date(0);
  day.setUTCFullYear(y, m - 1, d);
  return y >= 1 && day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}
