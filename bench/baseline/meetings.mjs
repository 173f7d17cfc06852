/** The baseline's routes of the calls in bench/calls/meetings.mjs: the portal's statements (baseline-sql.mjs) with raw pg. */
import { createHmac } from 'node:crypto';
import { SYDNEY_VTIMEZONE } from '../../apps/server/src/modules/calendar/calendar.feed.ts';
import {
  eventsRange,
  feedEvents,
  feedOf,
  meetingFolder,
  meetingFolderDocuments,
  meetingRecent,
  meetingRecentCount,
  meetingSearch,
} from '../baseline-sql.mjs';
import { run, actorRow } from './core.mjs';

/** Registers the routes on the baseline's Fastify app. */
export function routes(app) {
  // The documents' lists as the portal writes them (MeetingDocumentPage): array rows written as its
  // MeetingDocument objects (the size a number, the uploader nested and null when none, the time as
  // the Date node-postgres makes, which JSON writes as the portal's isoTime text), the page's total,
  // page and size, and the committee's or folder's abilities. As object rows, node-postgres kept one
  // of each pair of same-named columns (id, name: a document's were its root folder's) and the
  // answers were a fifth smaller than the portal's (1,286 characters against 1,781 for the recent
  // list, 2026-11-28). The statements read the first page (offset 0), as the bench asks.
  const document = (r) => ({
    id: r[0],
    name: r[1],
    size: Number(r[2]), // bigint: text from node-postgres, a number in the portal's answer
    mime_type: r[3],
    updated_at: r[4],
    folder_id: r[5],
    folder_name: r[6],
    root_folder_id: r[7],
    root_folder_name: r[8],
    committee_id: r[9],
    uri: r[10],
    user: r[11] === null ? null : { first_name: r[11], last_name: r[12] },
    index_state: r[13],
  });
  // The abilities (meetings.folder.manage, meetings.document.upload and .delete) are the committee
  // admin's alone, on a committee or folder the actor sees: one of two constants, by the actor's
  // membership row.
  const adminAbilities = {
    'meetings.folder.manage': true,
    'meetings.document.upload': true,
    'meetings.document.delete': true,
  };
  const memberAbilities = {
    'meetings.folder.manage': false,
    'meetings.document.upload': false,
    'meetings.document.delete': false,
  };
  /** The actor's membership of the committee, with the 404 sent when none (as `member`, keeping the row). */
  async function membership(req, reply, committeeId) {
    const actor = await actorRow(req, reply);
    if (actor === null) return null;
    const committee = (actor.at(-1) ?? []).find((c) => c.id === committeeId);
    if (!committee) {
      reply.code(404).send({ message: 'Not found.' });
      return null;
    }
    return { me: actor[2], admin: committee.admin === true };
  }

  app.get('/meetingdocuments/recent/:cm', async (req, reply) => {
    const cm = Number(req.params.cm);
    const m = await membership(req, reply, cm);
    if (m === null) return reply;
    const perPage = Number(req.query.per_page ?? 5);
    const [rows, count] = await Promise.all([
      run(meetingRecent(cm, m.me, perPage), 'array'),
      run(meetingRecentCount(cm, m.me), 'array'),
    ]);
    return {
      data: rows.rows.map(document),
      total: count.rows[0]?.[0] ?? 0,
      page: 1,
      per_page: perPage,
      abilities: m.admin ? adminAbilities : memberAbilities,
    };
  });

  app.get('/meetingdocuments', async (req, reply) => {
    const folderId = Number(req.query.folderid);
    const actor = await actorRow(req, reply);
    if (actor === null) return reply;
    const folder = await run(meetingFolder(actor[2], folderId), 'array');
    // The folder's row: its committee at 4, whether the actor passes its rule at 6.
    const committee = folder.rows[0] && (actor.at(-1) ?? []).find((c) => c.id === folder.rows[0][4]);
    if (!committee || !folder.rows[0][6]) return reply.code(404).send({ message: 'Not found.' });
    const perPage = Number(req.query.per_page ?? 100);
    const rows = await run(meetingFolderDocuments(folderId, perPage), 'array');
    // Each row carries the page's total last (count(*) over ()), which the answer writes once.
    return {
      data: rows.rows.map(document),
      total: rows.rows[0]?.[14] ?? 0,
      page: 1,
      per_page: perPage,
      abilities: committee.admin === true ? adminAbilities : memberAbilities,
    };
  });

  // ts_headline's text with the hits between ⟦ and ⟧ (meetings.queries.ts HIT_START, HIT_END), split
  // into the answer's parts as the portal's snippetParts does; null for a document without text.
  const snippet = (text) => {
    if (!text) return null;
    const parts = [];
    for (const piece of text.split('\u27e6')) {
      const end = piece.indexOf('\u27e7');
      if (end < 0) {
        if (piece) parts.push({ text: piece, hit: false });
        continue;
      }
      parts.push({ text: piece.slice(0, end), hit: true });
      if (end + 1 < piece.length) parts.push({ text: piece.slice(end + 1), hit: false });
    }
    return parts;
  };
  // A search's row: the document's fields, then its snippet (14) last, as the portal's row; the
  // matches' total (15) is read by the route.
  const found = (r) => ({ ...document(r), snippet: snippet(r[14]) });
  app.get('/meetingdocuments/search', async (req, reply) => {
    const cm = Number(req.query.cmid);
    const m = await membership(req, reply, cm);
    if (m === null) return reply;
    const perPage = Number(req.query.per_page ?? 5);
    const rows = await run(meetingSearch(String(req.query.term), cm, m.me, perPage), 'array');
    return {
      data: rows.rows.map(found),
      total: rows.rows[0]?.[15] ?? 0,
      page: 1,
      per_page: perPage,
      abilities: m.admin ? adminAbilities : memberAbilities,
    };
  });

  // The portal's answer (CalendarEvent): array rows written as its objects, the creator nested and
  // null when none, each event's abilities (its creator's own) and the calendar's (its admin's). As
  // object rows, node-postgres kept one of each pair of same-named columns (id, to_char) and the
  // answer was a third smaller than the portal's (5,761 characters against 8,966, 2026-11-27).
  const mineEvent = { 'calendar.event.update': true, 'calendar.event.delete': true };
  const othersEvent = { 'calendar.event.update': false, 'calendar.event.delete': false };
  app.get('/events', async (req, reply) => {
    const cm = Number(req.query.committee_id);
    const actor = await actorRow(req, reply);
    if (actor === null) return reply;
    const committee = (actor.at(-1) ?? []).find((c) => c.id === cm);
    if (!committee) return reply.code(404).send({ message: 'Not found.' });
    const rows = await run(eventsRange(cm, actor[2], req.query.start, req.query.end, 1000), 'array');
    const data = rows.rows.map(([id, title, start, end, allDay, committeeId, isCreatedBy, creatorId, first, last]) => ({
      id,
      title,
      start,
      end,
      allDay,
      committee_id: committeeId,
      isCreatedBy,
      creator: creatorId === null ? null : { id: creatorId, first_name: first, last_name: last },
      abilities: isCreatedBy ? mineEvent : othersEvent,
    }));
    return { data, abilities: { 'calendar.event.create': committee.admin === true } };
  });

  // The ICS feed: the address checked as the portal does (an HMAC under the bench's APP_SECRET,
  // portal.mjs), its two statements, and the events written by hand as the exact text the portal's
  // library (ical-generator, calendar.feed.ts writeFeed) writes: its calendar header with the
  // Sydney VTIMEZONE, then each event's lines in the library's order. The library escapes \ ; , and
  // line breaks in text values and folds lines over 74 octets: the bench's titles (at most 48 ASCII
  // characters, none of those) and committee names (28) need neither, nor the swap of an event
  // ending before it starts (none does), so none of that is done here. No cache of written feeds
  // (the portal keeps one, by a digest of the rows): each call writes its text.
  const FEED_KEY = process.env.APP_SECRET ?? 'bench-secret-bench-secret-bench-secret-00';
  // The portal's address, which the events' UIDs end with and their URLs start with: ratio.mjs
  // passes the portal's APP_URL; without it, the portal's default for the port before this one
  // (every bench script starts the baseline on the portal's port + 1).
  const APP_URL = (process.env.APP_URL ?? `http://localhost:${Number(process.env.PORT) - 1}`).replace(/\/$/, '');
  const UID_HOST = `@${new URL(APP_URL).hostname}\r\nSEQUENCE:0\r\nDTSTAMP:`;
  const EVENT_URL = `\r\nEND:VALARM\r\nURL;VALUE=URI:${APP_URL}/calendar/`;
  // The calendar's lines before its events: name, PRODID, method, the VTIMEZONE of calendar.feed.ts
  // (the library writes it for the zone the timed events name; the bench's feeds have timed events)
  // and the hour's TTL. The zone's name (X-WR-TIMEZONE) comes after the events, where the library
  // writes a calendar's custom properties.
  const FEED_HEAD = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Members Portal//calendar//EN',
    'METHOD:PUBLISH',
    'NAME:Members Portal committee calendar',
    'X-WR-CALNAME:Members Portal committee calendar',
    ...SYDNEY_VTIMEZONE.split('\r\n'),
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    '',
  ].join('\r\n');
  // 'YYYY-MM-DD HH:MM:SS' (the statement's Sydney wall clock) as iCalendar's date, and date-time.
  const day = (t) => t.slice(0, 4) + t.slice(5, 7) + t.slice(8, 10);
  const clock = (t) => `${day(t)}T${t.slice(11, 13)}${t.slice(14, 16)}${t.slice(17, 19)}`;
  // DTSTAMP and LAST-MODIFIED: UTC with a Z (the calendar names no zone of its own, calendar.feed.ts);
  // the events of one feed share few times, each written once.
  const two = (n) => (n < 10 ? `0${n}` : `${n}`);
  const utc = (d) =>
    `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}Z`;
  app.get('/calendar/ics/:file', async (req, reply) => {
    const m = /^(\d{1,10})\.([A-Za-z0-9_-]{20,100})\.ics$/.exec(req.params.file);
    if (!m) return reply.code(404).send({ message: 'Not found.' });
    const userId = Number(m[1]);
    const feed = await run(feedOf(userId), 'array');
    const row = feed.rows[0];
    const mac = row && createHmac('sha256', FEED_KEY).update(`calendar-feed:${userId}:${row[1]}`).digest('base64url');
    if (!row || !row[2] || mac !== m[2]) return reply.code(404).send({ message: 'Not found.' });
    const since = new Date(Date.now() - 365 * 86_400_000).toISOString();
    const events = await run(feedEvents(userId, since, 5000), 'array');
    let text = FEED_HEAD;
    let time = NaN;
    let stamp = '';
    for (const [id, title, start, end, allDay, updatedAt, committee] of events.rows) {
      if (updatedAt.getTime() !== time) {
        time = updatedAt.getTime();
        stamp = utc(updatedAt);
      }
      text +=
        `BEGIN:VEVENT\r\nUID:event-${id}${UID_HOST}${stamp}\r\n` +
        (allDay
          ? `DTSTART;VALUE=DATE:${day(start)}\r\nDTEND;VALUE=DATE:${day(end)}\r\nX-MICROSOFT-CDO-ALLDAYEVENT:TRUE\r\nX-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE\r\n`
          : `DTSTART;TZID=Australia/Sydney:${clock(start)}\r\nDTEND;TZID=Australia/Sydney:${clock(end)}\r\n`) +
        `SUMMARY:${title}\r\nDESCRIPTION:${committee}\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-P1D\r\nDESCRIPTION:${title}` +
        `${EVENT_URL}${start.slice(0, 10)}\r\nLAST-MODIFIED:${stamp}\r\nEND:VEVENT\r\n`;
    }
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .send(`${text}X-WR-TIMEZONE:Australia/Sydney\r\nEND:VCALENDAR`);
  });
}
