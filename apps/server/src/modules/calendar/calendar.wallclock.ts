import type {
  ICalTemporalInstantStub,
  ICalTemporalPlainDateStub,
  ICalTemporalPlainDateTimeStub,
  ICalTemporalZonedDateTimeStub,
} from 'ical-generator';

/**
 * An event's times as ical-generator's Temporal values, without a Temporal implementation.
 *
 * Events are kept as wall-clock text in the body's zone ('2026-01-15 09:30:00', Australia/Sydney),
 * and the feed writes them as that wall clock with TZID=Australia/Sydney. Given a
 * Temporal.PlainDateTime and the event's zone, ical-generator turns it into a ZonedDateTime in that
 * zone and back into a PlainDateTime to print it: the same wall clock. With temporal-polyfill that
 * round trip cost 29 of the feed's 72 ms of CPU for 274 events (bench/README.md, "The ICS feed").
 *
 * These objects implement the library's published stub interfaces (`ICalTemporal*Stub`), fields
 * read from the text, and answer that round trip as the identity: a time in its own zone. They
 * refuse any other zone rather than pretend to convert. The one place the identity differs from
 * Temporal: a wall clock in the hour skipped when daylight saving starts stays as written (Temporal
 * would move it an hour on); a calendar app reading TZID then resolves it as it does any such time.
 */

/**
 * The numbers of 'YYYY-MM-DD HH:MM:SS' (or with a T) from `count` fields of the text, or a throw.
 * Read digit by digit: a feed reads two of these an event, and a regular expression's match arrays
 * were a tenth of the feed's own code in its profile.
 */
function fields(text: string, count: 3 | 6, what: string): number[] {
  const out: number[] = [];
  let at = 0;
  for (let f = 0; f < count; f++) {
    const width = f === 0 ? 4 : 2;
    if (f > 0) {
      const sep = text[at++];
      if (sep !== (f < 3 ? '-' : f === 3 ? ' ' : ':') && !(f === 3 && sep === 'T'))
        throw new Error(`not a ${what}: ${text}`);
    }
    let n = 0;
    for (let i = 0; i < width; i++) {
      const d = text.charCodeAt(at++) - 48;
      if (!(d >= 0 && d <= 9)) throw new Error(`not a ${what}: ${text}`);
      n = n * 10 + d;
    }
    out.push(n);
  }
  return out;
}
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

class CalendarDate implements ICalTemporalPlainDateStub {
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
  ) {}
  /** Its presence (with no hour) is how ical-generator tells a PlainDate. */
  toPlainDateTime(): never {
    throw new Error('a calendar date is written as a date only');
  }
  toString() {
    return `${pad(this.year, 4)}-${pad(this.month)}-${pad(this.day)}`;
  }
  toJSON() {
    return this.toString();
  }
}

/** The six fields both Temporal stubs of a wall clock carry. */
class ClockFields {
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
    readonly hour: number,
    readonly minute: number,
    readonly second: number,
  ) {}
}

function inZone(own: string, asked: string): void {
  if (asked !== own) throw new Error(`a wall clock in ${own} is not converted to ${asked}`);
}

class WallClock extends ClockFields implements ICalTemporalPlainDateTimeStub {
  constructor(
    fields: number[],
    readonly zone: string,
  ) {
    super(...(fields as [number, number, number, number, number, number]));
  }
  toZonedDateTime(zone: string): ICalTemporalZonedDateTimeStub {
    inZone(this.zone, zone);
    return new ZonedWallClock(this);
  }
  toPlainDate() {
    return new CalendarDate(this.year, this.month, this.day);
  }
  override toString() {
    return `${this.toPlainDate().toString()}T${pad(this.hour)}:${pad(this.minute)}:${pad(this.second)}`;
  }
  toJSON() {
    return this.toString();
  }
}

class ZonedWallClock extends ClockFields implements ICalTemporalZonedDateTimeStub {
  readonly timeZoneId: string;
  constructor(private readonly plain: WallClock) {
    super(plain.year, plain.month, plain.day, plain.hour, plain.minute, plain.second);
    this.timeZoneId = plain.zone;
  }
  withTimeZone(zone: string): ICalTemporalZonedDateTimeStub {
    inZone(this.timeZoneId, zone);
    return this;
  }
  toPlainDateTime() {
    return this.plain;
  }
  /** Only for ordering start and end, which share the zone: the wall clock read as UTC orders them alike. */
  toInstant(): ICalTemporalInstantStub {
    const epochMilliseconds = Date.UTC(this.year, this.month - 1, this.day, this.hour, this.minute, this.second);
    const text = new Date(epochMilliseconds).toISOString();
    return {
      epochMilliseconds,
      toJSON: () => text,
      toString: () => text,
      toZonedDateTimeISO: () => this,
    };
  }
  override toString() {
    return `${this.plain.toString()}[${this.timeZoneId}]`;
  }
  toJSON() {
    return this.toString();
  }
}

/** '2026-01-15 09:30:00' (or with a T) in `zone`, for a timed event's start or end. */
export const wallClock = (text: string, zone: string) => new WallClock(fields(text, 6, 'wall-clock time'), zone);

/** The date of '2026-06-05' or '2026-06-05 00:00:00', for an all-day event's start or end. */
export function calendarDate(text: string) {
  const [year, month, day] = fields(text, 3, 'date') as [number, number, number];
  return new CalendarDate(year, month, day);
}
