import { hash } from 'node:crypto';
import { PRODUCT_NAME, TIMEZONE } from '@portal/shared';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { hmac, safeEqual } from '../../platform/tokens.js';
import * as q from './calendar.queries.js';
import { calendarDate, wallClock } from './calendar.wallclock.js';

/**
 * The personal calendar feed: a secret address, `/api/calendar/ics/{userId}.{mac}.ics`,
 * opened without a bearer token by calendar apps. The mac is an HMAC of the user id and the
 * feed's secret under the app's key, so the database never holds an address; 'Reset link' draws a
 * new secret. The feed answers 404 once reset, for a deactivated user, and holds only the events
 * of the committees the user belongs to at the moment it is read.
 */

/** Events that ended more than this long ago are left out; the newest first `FEED_MAX` count. */
const FEED_PAST_DAYS = 365;
const FEED_MAX = 5000;
/**
 * Part of every feed's validator: raised when the text written from the same rows changes, so
 * calendar apps holding the old text fetch the new (2: the stamps in UTC).
 */
const FEED_FORMAT = 2;
/** The alarm: one day before the start. */
const ALARM_SECONDS = 24 * 60 * 60;

export const feedToken = (key: string, userId: number, secret: string) =>
  `${userId}.${hmac(key, `calendar-feed:${userId}:${secret}`)}`;

/** Australia/Sydney for calendar apps that want the zone defined in the file (AEST, and AEDT from October to April). */
export const SYDNEY_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIMEZONE}`,
  `X-LIC-LOCATION:${TIMEZONE}`,
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+1100',
  'TZOFFSETTO:+1000',
  'TZNAME:AEST',
  'DTSTART:19700405T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+1000',
  'TZOFFSETTO:+1100',
  'TZNAME:AEDT',
  'DTSTART:19701004T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
].join('\r\n');

let libraryLoading: Promise<typeof import('ical-generator')> | undefined;
/** ical-generator loads at the first feed asked for, not with the server's modules at start (bench/README.md, cold start). */
function feedLibrary() {
  libraryLoading ??= import('ical-generator');
  return libraryLoading;
}

/**
 * The feed's iCalendar text through ical-generator (escaping, folding and the zone's rules are the
 * library's): the calendar with its Sydney VTIMEZONE and an hourly refresh, and each event with its
 * committee as the description, its page's address and an alarm a day before.
 *
 * The zone is named on each timed event, not as the calendar's: given a calendar zone,
 * ical-generator 11 writes DTSTAMP and LAST-MODIFIED as the server's local time with no `Z`, a
 * floating time, where RFC 5545 wants UTC (calendar.feed.test.ts holds a test that fails once the
 * library writes UTC there). Without it the stamps are UTC; the generator still writes the
 * VTIMEZONE the events name, and X-WR-TIMEZONE (the calendar's zone for the apps that read it) is
 * written here. (The library also wrote TIMEZONE-ID for a calendar zone, a property no standard
 * defines.)
 */
export async function writeFeed(rows: q.FeedEventRow[], appUrl: string): Promise<string> {
  const { default: ical, ICalAlarmType, ICalCalendarMethod } = await feedLibrary();
  const host = new URL(appUrl).hostname;
  const cal = ical({
    name: `${PRODUCT_NAME} committee calendar`,
    prodId: { company: PRODUCT_NAME, product: 'calendar' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: (zone) => (zone === TIMEZONE ? SYDNEY_VTIMEZONE : null) },
    ttl: 60 * 60,
    x: [['X-WR-TIMEZONE', TIMEZONE]],
  });
  for (const e of rows) {
    cal.createEvent({
      id: `event-${e.id}@${host}`,
      summary: e.title,
      description: e.committeeName,
      allDay: e.allDay,
      stamp: e.updatedAt,
      lastModified: e.updatedAt,
      url: `${appUrl}/calendar/${e.start.slice(0, 10)}`,
      alarms: [{ type: ICalAlarmType.display, trigger: ALARM_SECONDS, description: e.title }],
      ...(e.allDay
        ? { start: calendarDate(e.start), end: calendarDate(e.end) }
        : { start: wallClock(e.start, TIMEZONE), end: wallClock(e.end, TIMEZONE), timezone: TIMEZONE }),
    });
  }
  return cal.toString();
}

/**
 * Feeds written lately, by the digest of what each is written from. A feed is a function of its
 * rows and the app's address alone (its stamps are the events' own), and calendar apps ask for the
 * same one again and again: writing one costs about 3 ms of CPU for 274 events (ical-generator's
 * escaping, folding and objects), finding it here a digest of its rows (bench/README.md, "The ICS
 * feed written once"). Any change to an event, a committee's name or who belongs where changes the
 * rows, so a stale feed is never answered. Per process and bounded: nothing here must hold across
 * processes, a miss only writes the feed again.
 */
const written = new Map<string, string>();
let writtenChars = 0;
/** About 16 MB of text at most (two bytes a character): a few hundred feeds of a year's events. */
const WRITTEN_MAX_CHARS = 8_000_000;

function remember(digest: string, text: string) {
  if (text.length > WRITTEN_MAX_CHARS / 4) return;
  written.set(digest, text);
  writtenChars += text.length;
  // A Map keeps insertion order: the oldest go first (a hit moves its feed to the end).
  for (const [oldest, old] of written) {
    if (writtenChars <= WRITTEN_MAX_CHARS) break;
    written.delete(oldest);
    writtenChars -= old.length;
  }
}

export interface FeedAnswer {
  /** A strong validator: the digest of the rows, for a calendar app's If-None-Match. */
  etag: string;
  /** The text, or null when the app already holds it (`unchanged` matched the validator). */
  text: string | null;
}

/**
 * The feed's validator and text, or 404 for an address that is not (or no longer) a feed.
 * `unchanged(etag)`: whether the asking app already holds this version (If-None-Match); then no
 * text is written, whether or not this process kept it.
 */
export async function feedCalendar(
  deps: Deps,
  file: string,
  unchanged: (etag: string) => boolean,
): Promise<FeedAnswer> {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{20,100})\.ics$/.exec(file);
  if (!m) throw notFound();
  const userId = Number(m[1]);
  const feed = await q.findFeed(deps.db, userId);
  if (!feed || !feed.activated || !safeEqual(feedToken(deps.config.secret, userId, feed.secret), `${m[1]}.${m[2]}`))
    throw notFound();

  const since = new Date(Date.now() - FEED_PAST_DAYS * 86_400_000);
  const rows = await q.listFeedEvents(deps.db, userId, since, FEED_MAX);
  const digest = hash('sha256', JSON.stringify([FEED_FORMAT, deps.config.appUrl, rows]), 'base64url');
  const etag = `"${digest}"`;
  if (unchanged(etag)) return { etag, text: null };
  let text = written.get(digest);
  if (text === undefined) {
    text = await writeFeed(rows, deps.config.appUrl);
    remember(digest, text);
  } else {
    written.delete(digest);
    written.set(digest, text);
  }
  return { etag, text };
}
