/** The baseline's routes of the calls in bench/calls/meetings.mjs: the portal's statements (baseline-sql.mjs) with raw pg. */
import { createHmac } from 'node:crypto';
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
import { run, actorRow, member } from './core.mjs';

/** Registers the routes on the baseline's Fastify app. */
export function routes(app) {
  // Meetings and the calendar: the portal's statements (baseline-sql.mjs), the rows answered as they come.
  app.get('/meetingdocuments/recent/:cm', async (req, reply) => {
    const cm = Number(req.params.cm);
    const me = await member(req, reply, cm);
    if (me === null) return reply;
    const [rows, count] = await Promise.all([run(meetingRecent(cm, me, 5)), run(meetingRecentCount(cm, me))]);
    return { data: rows.rows, total: count.rows[0].n };
  });

  app.get('/meetingdocuments', async (req, reply) => {
    const folderId = Number(req.query.folderid);
    const actor = await actorRow(req, reply);
    if (actor === null) return reply;
    const folder = await run(meetingFolder(actor[2], folderId), 'array');
    const committees = actor.at(-1) ?? [];
    if (folder.rowCount === 0 || !folder.rows[0][6] || !committees.some((c) => c.id === folder.rows[0][4]))
      return reply.code(404).send({ message: 'Not found.' });
    const rows = await run(meetingFolderDocuments(folderId, Number(req.query.per_page ?? 100)));
    return { data: rows.rows, total: rows.rows[0]?.total ?? 0 };
  });

  app.get('/meetingdocuments/search', async (req, reply) => {
    const cm = Number(req.query.cmid);
    const me = await member(req, reply, cm);
    if (me === null) return reply;
    const rows = await run(meetingSearch(String(req.query.term), cm, me, 5));
    return { data: rows.rows, total: rows.rows[0]?.total ?? 0 };
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
  // portal.mjs), its two statements, and the events written as iCalendar text by hand (no
  // escaping or folding beyond what the bench's titles need: the least a feed can do).
  const FEED_KEY = process.env.APP_SECRET ?? 'bench-secret-bench-secret-bench-secret-00';
  const icsTime = (local) => local.replace(/[-: ]/g, '').replace(/^(\d{8})/, '$1T');
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
    const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//calendar//EN', 'METHOD:PUBLISH'];
    for (const [id, title, start, end, allDay, updatedAt, committee] of events.rows) {
      const stamp = `${new Date(updatedAt).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
      lines.push(
        'BEGIN:VEVENT',
        `UID:event-${id}@127.0.0.1`,
        `SEQUENCE:0`,
        `DTSTAMP:${stamp}`,
        allDay
          ? `DTSTART;VALUE=DATE:${start.slice(0, 10).replace(/-/g, '')}`
          : `DTSTART;TZID=Australia/Sydney:${icsTime(start)}`,
        allDay
          ? `DTEND;VALUE=DATE:${end.slice(0, 10).replace(/-/g, '')}`
          : `DTEND;TZID=Australia/Sydney:${icsTime(end)}`,
        `SUMMARY:${title}`,
        `DESCRIPTION:${committee}`,
        `URL:http://127.0.0.1/calendar/${start.slice(0, 10)}`,
        `LAST-MODIFIED:${stamp}`,
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        `DESCRIPTION:${title}`,
        'TRIGGER:-P1D',
        'END:VALARM',
        'END:VEVENT',
      );
    }
    lines.push('END:VCALENDAR');
    return reply.header('content-type', 'text/calendar; charset=utf-8').send(lines.join('\r\n'));
  });
}
