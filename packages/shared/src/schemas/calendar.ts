import { z } from 'zod';
import { addDaysLocal, normalizeLocal } from '../calendar.js';
import { LIMITS } from '../constants.js';
import { CALENDAR_MESSAGES, RECORD_MESSAGES } from '../messages.js';
import { abilitiesSchema } from '../permissions.js';
import { safeId, safeInt, safeString } from './common.js';

/**
 * Events (spec/02 section 3 "Event", section 7 "Committees and events"). start and end are
 * Australia/Sydney wall-clock text 'YYYY-MM-DD HH:mm:ss' (a bare date or 'T' is accepted and
 * normalized). An all-day event's end is exclusive: a one-day event on the 5th ends on the 6th
 * (the edit form shows the 5th).
 */
export const localDateTime = safeString()
  .max(30)
  .transform((v, ctx) => {
    const n = normalizeLocal(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.dateTimeInvalid });
      return z.NEVER;
    }
    return n;
  });

const eventTitle = safeString({ error: CALENDAR_MESSAGES.titleRequired })
  .trim()
  .min(1, CALENDAR_MESSAGES.titleRequired)
  .max(LIMITS.eventTitleMax, RECORD_MESSAGES.tooLong('event name', LIMITS.eventTitleMax));

const eventShape = {
  title: eventTitle,
  start: localDateTime,
  /** Left out or null: the default length (EVENT_DEFAULTS). */
  end: localDateTime.nullish(),
  allDay: z.boolean().default(false),
};

/** Start at or after end: the spec's message, on the end field. An all-day start counts from its midnight. */
const endAfterStart = (e: { start: string; end?: string | null; allDay: boolean }) =>
  e.end === undefined || e.end === null || e.end > (e.allDay ? `${e.start.slice(0, 10)} 00:00:00` : e.start);
const endCheck = { message: CALENDAR_MESSAGES.endNotAfterStart, path: ['end'] };

/** PUT /events/{id}: the fields of an event (the committee does not change). */
export const eventUpdate = z.object(eventShape).refine(endAfterStart, endCheck);
export type EventUpdate = z.input<typeof eventUpdate>;
/** POST /events */
export const eventCreate = z.object({ committee_id: safeId(), ...eventShape }).refine(endAfterStart, endCheck);
export type EventCreate = z.input<typeof eventCreate>;

const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * GET /events?committee_id=: the committee's events, by start. start/end (dates or date-times)
 * keep those overlapping the range; upcoming=true those starting now or later; term those whose
 * title holds the words (future ones only: the calendar's search); limit caps the answer.
 */
export const eventListQuery = z.object({
  committee_id: safeId(),
  start: localDateTime.optional(),
  end: localDateTime.optional(),
  upcoming: booleanQuery.optional(),
  term: safeString().trim().max(100).optional(),
  limit: safeInt().min(1).max(LIMITS.eventsPerCallMax).default(LIMITS.eventsPerCallMax),
});
export type EventListQuery = z.input<typeof eventListQuery>;

export const eventCreator = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });

export const calendarEvent = z.object({
  id: z.number(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  committee_id: z.number(),
  /** True when the signed-in user created it (spec 3 "Event": isCreatedBy). */
  isCreatedBy: z.boolean(),
  creator: eventCreator.nullable(),
  abilities: abilitiesSchema('event'),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;

export const eventList = z.object({
  data: z.array(calendarEvent),
  /** What the user may do in this committee's calendar (create: its admin). */
  abilities: abilitiesSchema('calendar'),
});
export type EventList = z.infer<typeof eventList>;

export const eventSaved = z.object({ message: z.string(), event: calendarEvent });
export type EventSaved = z.infer<typeof eventSaved>;

/** GET /calendar/feed and POST /calendar/feed/reset: the user's secret ICS address. */
export const calendarFeed = z.object({ url: z.string(), message: z.string().optional() });
export type CalendarFeed = z.infer<typeof calendarFeed>;

/**
 * The event form of the calendar page (browser only): an all-day event's end is shown as its last
 * day (spec 9: one day less than the stored, exclusive end), so there the end may equal the start;
 * a timed event's end must come after its start. `eventRequestOf` turns it into the request body.
 */
export const eventForm = z
  .object({
    title: eventTitle,
    start: localDateTime,
    end: localDateTime,
    allDay: z.boolean(),
  })
  .refine((e) => (e.allDay ? e.end.slice(0, 10) >= e.start.slice(0, 10) : e.end > e.start), endCheck);
export type EventFormValues = z.input<typeof eventForm>;

/** The form's values as POST/PUT /events take them (an all-day end goes back to the next midnight). */
export function eventRequestOf(values: z.output<typeof eventForm>): {
  title: string;
  start: string;
  end: string;
  allDay: boolean;
} {
  if (!values.allDay) return values;
  const day = (local: string) => `${local.slice(0, 10)} 00:00:00`;
  return { title: values.title, start: day(values.start), end: addDaysLocal(day(values.end), 1), allDay: true };
}
