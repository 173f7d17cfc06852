/**
 * Calendar times (spec/02 "Calendar", section 9): an event's start and end travel as
 * Australia/Sydney wall-clock text, 'YYYY-MM-DD HH:mm:ss'. These helpers do arithmetic on that
 * text as a naive date-time (no time zone), which is what the calendar shows. Server and web
 * both use them, so a default end is the same on either side.
 */

/** All-day events default to 1 day, timed ones to 30 minutes (spec/02 section 9). */
export const EVENT_DEFAULTS = { allDayDays: 1, timedMinutes: 30 } as const;

/** The calendar's aspect ratio (spec/02 section 9). */
export const CALENDAR_ASPECT_RATIO = 1.5;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (year: number, month: number) =>
  month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : DAYS_IN_MONTH[month - 1]!;
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * A date-time as 'YYYY-MM-DD HH:mm:ss' (also accepts 'T' and no seconds, or a bare date), or null
 * when it is not a real one (years 1900-2999). Checked by arithmetic, not through a Date and its
 * ISO text: the calendar's list call checks two of these per request, and the Date round trip was
 * most of that call's query check in a CPU profile (bench/README.md, 2026-11-28).
 */
export function normalizeLocal(value: string): string | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return `${m[1]}-${m[2]}-${m[3]} ${twoDigits(hour)}:${twoDigits(minute)}:${twoDigits(second)}`;
}

const toNaive = (local: string) => {
  const n = normalizeLocal(local);
  if (!n) throw new Error(`not a date-time: ${local}`);
  return new Date(`${n.replace(' ', 'T')}Z`);
};
const fromNaive = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export const addMinutesLocal = (local: string, minutes: number) =>
  fromNaive(new Date(toNaive(local).getTime() + minutes * 60_000));
export const addDaysLocal = (local: string, days: number) => {
  const d = toNaive(local);
  d.setUTCDate(d.getUTCDate() + days);
  return fromNaive(d);
};

/** The date part, 'YYYY-MM-DD'. */
export const localDate = (local: string) => local.slice(0, 10);

/** An all-day event's start and end fall on midnights. */
export const midnightOf = (local: string) => `${localDate(local)} 00:00:00`;

/** The end an event gets when none is given: a day after an all-day start, 30 minutes after a timed one. */
export function defaultEventEnd(start: string, allDay: boolean): string {
  return allDay
    ? addDaysLocal(midnightOf(start), EVENT_DEFAULTS.allDayDays)
    : addMinutesLocal(start, EVENT_DEFAULTS.timedMinutes);
}

/** The address of the calendar opened at an event's start (the notification's and dashboard card's link). */
export const calendarPathFor = (start: string) => `/calendar/${localDate(start)}`;
