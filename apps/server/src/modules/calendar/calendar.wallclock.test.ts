import ical from 'ical-generator';
import { describe, expect, it } from 'vitest';
import { calendarDate, wallClock } from './calendar.wallclock.js';

const ZONE = 'Australia/Sydney';

/** The DTSTART and DTEND lines ical-generator writes for one event of these times. */
function lines(start: string, end: string) {
  const cal = ical({ timezone: ZONE });
  cal.createEvent({ id: 'e', summary: 'e', start: wallClock(start, ZONE), end: wallClock(end, ZONE), timezone: ZONE });
  return cal
    .toString()
    .split('\r\n')
    .filter((l) => /^DT(START|END)/.test(l));
}

describe("an event's wall clock, as ical-generator writes it", () => {
  it('is written as typed, with the zone, whatever the zone of the server', () => {
    expect(lines('2026-12-31 23:30:00', '2027-01-01 00:15:00')).toEqual([
      `DTSTART;TZID=${ZONE}:20261231T233000`,
      `DTEND;TZID=${ZONE}:20270101T001500`,
    ]);
    // the hour skipped when daylight saving starts (4 October 2026, 02:00 → 03:00) stays as written
    expect(lines('2026-10-04 02:30:00', '2026-10-04 03:30:00')).toEqual([
      `DTSTART;TZID=${ZONE}:20261004T023000`,
      `DTEND;TZID=${ZONE}:20261004T033000`,
    ]);
  });

  it('keeps start before end, as ical-generator orders them', () => {
    expect(lines('2026-03-02 10:00:00', '2026-03-02 09:00:00')).toEqual([
      `DTSTART;TZID=${ZONE}:20260302T090000`,
      `DTEND;TZID=${ZONE}:20260302T100000`,
    ]);
  });

  it('writes an all-day event as dates', () => {
    const cal = ical({ timezone: ZONE });
    cal.createEvent({
      id: 'e',
      summary: 'e',
      allDay: true,
      start: calendarDate('2026-06-05 00:00:00'),
      end: calendarDate('2026-06-07'),
    });
    expect(cal.toString()).toContain('DTSTART;VALUE=DATE:20260605\r\nDTEND;VALUE=DATE:20260607');
  });

  it('refuses another zone and text that is not a time', () => {
    expect(() => wallClock('2026-03-02 10:00:00', ZONE).toZonedDateTime('UTC')).toThrow();
    expect(() => wallClock('2026-03-02', ZONE)).toThrow();
    expect(() => calendarDate('soon')).toThrow();
  });
});
