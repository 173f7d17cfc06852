import { addDaysLocal, type CalendarEvent } from '@portal/shared';

/** '2026-11-25 09:30:00' -> '25/11/2026' (the spec's d/m/y). */
export function formatLocalDate(local: string): string {
  const [y, m, d] = local.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** '2026-11-25 09:30:00' -> '9:30 am'. */
export function formatLocalTime(local: string): string {
  const [h, min] = local.slice(11, 16).split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(min).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** When an event is, as a line: an all-day event's end shows one day less (spec 9). */
export function formatEventWhen(e: Pick<CalendarEvent, 'start' | 'end' | 'allDay'>): string {
  if (e.allDay) {
    const last = addDaysLocal(e.end, -1);
    return last.slice(0, 10) > e.start.slice(0, 10)
      ? `${formatLocalDate(e.start)} – ${formatLocalDate(last)} (all day)`
      : `${formatLocalDate(e.start)} (all day)`;
  }
  const sameDay = e.start.slice(0, 10) === e.end.slice(0, 10);
  return sameDay
    ? `${formatLocalDate(e.start)} ${formatLocalTime(e.start)} – ${formatLocalTime(e.end)}`
    : `${formatLocalDate(e.start)} ${formatLocalTime(e.start)} – ${formatLocalDate(e.end)} ${formatLocalTime(e.end)}`;
}
