import { PRODUCT_NAME, TIMEZONE } from '@portal/shared';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { hmac, safeEqual } from '../../platform/tokens.js';
import * as q from './calendar.queries.js';

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

const CRLF = '\r\n';

/** A TEXT value as RFC 5545 writes it: backslash, semicolon and comma escaped, line breaks as \n. */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

/** Past 74 octets a line goes on after a CRLF and a space (RFC 5545 3.1), counted in UTF-8. */
function fold(line: string): string {
  let ascii = line.length <= 74;
  for (let i = 0; ascii && i < line.length; i++) ascii = line.charCodeAt(i) < 0x80;
  if (ascii) return line;
  let out = '';
  let octets = 0;
  for (let i = 0; i < line.length; i++) {
    let ch = line.charAt(i);
    const code = line.charCodeAt(i);
    let size = code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
    if (code >= 0xd800 && code <= 0xdbff) {
      ch += line.charAt(++i);
      size = 4;
    }
    octets += size;
    if (octets > 74) {
      out += `${CRLF} `;
      octets = size;
    }
    out += ch;
  }
  return out;
}

const two = (n: number) => String(n).padStart(2, '0');
/** An instant as the calendar's floating stamp (the server's own clock, as the feed has always written it). */
const stampOf = (d: Date) =>
  `${two(d.getFullYear())}${two(d.getMonth() + 1)}${two(d.getDate())}T${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`;
/** 'YYYY-MM-DD HH:MM:SS' wall-clock text as a DATE ('YYYYMMDD') or a DATE-TIME ('YYYYMMDDTHHMMSS'). */
const dateOf = (local: string) => local.slice(0, 4) + local.slice(5, 7) + local.slice(8, 10);
const dateTimeOf = (local: string) =>
  `${dateOf(local)}T${local.slice(11, 13)}${local.slice(14, 16)}${local.slice(17, 19)}`;

/**
 * The feed's iCalendar text, written line by line: the calendar (its Sydney VTIMEZONE, an hourly
 * refresh) and each event with its committee as the description, its page's address and an alarm a
 * day before. The same text ical-generator wrote for these fields (calendar.feed.test.ts compares
 * them), without its per-event objects and time zone conversions, which cost most of a feed's time.
 */
export function writeFeed(rows: q.FeedEventRow[], appUrl: string): string {
  const host = new URL(appUrl).hostname;
  const name = `${PRODUCT_NAME} committee calendar`;
  let g =
    `BEGIN:VCALENDAR${CRLF}VERSION:2.0${CRLF}${fold(`PRODID:-//${PRODUCT_NAME}//calendar//EN`)}${CRLF}METHOD:PUBLISH${CRLF}` +
    `${fold(`NAME:${name}`)}${CRLF}${fold(`X-WR-CALNAME:${name}`)}${CRLF}${SYDNEY_VTIMEZONE}${CRLF}` +
    `TIMEZONE-ID:${TIMEZONE}${CRLF}X-WR-TIMEZONE:${TIMEZONE}${CRLF}` +
    `REFRESH-INTERVAL;VALUE=DURATION:PT1H${CRLF}X-PUBLISHED-TTL:PT1H${CRLF}`;
  for (const e of rows) {
    const stamp = stampOf(e.updatedAt);
    const title = text(e.title);
    const when = e.allDay
      ? `DTSTART;VALUE=DATE:${dateOf(e.start)}${CRLF}DTEND;VALUE=DATE:${dateOf(e.end)}${CRLF}` +
        `X-MICROSOFT-CDO-ALLDAYEVENT:TRUE${CRLF}X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE${CRLF}`
      : `DTSTART;TZID=${TIMEZONE}:${dateTimeOf(e.start)}${CRLF}DTEND;TZID=${TIMEZONE}:${dateTimeOf(e.end)}${CRLF}`;
    g +=
      `BEGIN:VEVENT${CRLF}${fold(`UID:event-${e.id}@${host}`)}${CRLF}SEQUENCE:0${CRLF}DTSTAMP:${stamp}${CRLF}${when}` +
      `${fold(`SUMMARY:${title}`)}${CRLF}${fold(`DESCRIPTION:${text(e.committeeName)}`)}${CRLF}` +
      `BEGIN:VALARM${CRLF}ACTION:DISPLAY${CRLF}TRIGGER:-P1D${CRLF}${fold(`DESCRIPTION:${title}`)}${CRLF}END:VALARM${CRLF}` +
      `${fold(`URL;VALUE=URI:${text(`${appUrl}/calendar/${e.start.slice(0, 10)}`)}`)}${CRLF}` +
      `LAST-MODIFIED:${stamp}${CRLF}END:VEVENT${CRLF}`;
  }
  return `${g}END:VCALENDAR`;
}

/** The feed's text, or 404 for an address that is not (or no longer) a feed. */
export async function feedCalendar(deps: Deps, file: string): Promise<string> {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{20,100})\.ics$/.exec(file);
  if (!m) throw notFound();
  const userId = Number(m[1]);
  const feed = await q.findFeed(deps.db, userId);
  if (!feed || !feed.activated || !safeEqual(feedToken(deps.config.secret, userId, feed.secret), `${m[1]}.${m[2]}`))
    throw notFound();

  const since = new Date(Date.now() - FEED_PAST_DAYS * 86_400_000);
  return writeFeed(await q.listFeedEvents(deps.db, userId, since, FEED_MAX), deps.config.appUrl);
}
