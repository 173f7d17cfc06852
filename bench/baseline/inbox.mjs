/** The baseline's routes of the calls in bench/calls/inbox.mjs: the portal's statements (baseline-sql.mjs) with raw pg. */
import { REGISTRATION_MESSAGES } from '../../packages/shared/src/messages/registration.ts';
import { ROLE_NAMES } from '../../packages/shared/src/roles.ts';
import { NOTIFICATIONS_COUNT, NOTIFICATIONS_PAGE, requestsCount, requestsPage } from '../baseline-sql.mjs';
import { q, actorRow, pageOf } from './core.mjs';

/** Registers the routes on the baseline's Fastify app. */
export function routes(app) {
  // Notifications and the admins' pending requests: notifications.queries.ts and requests.queries.ts.

  // The portal's answer (NotificationList): each notification as the spec's screens read it (its
  // title, type, url and body nested twice as `data`, the body again beside them), its times as ISO
  // text (node-postgres' Date writes the same text as the portal's isoTime: toISOString, UTC,
  // milliseconds), then the unread and total counts. As object rows, the columns came flat and the
  // two counts (both columns named count) were left out: 5,476 characters against the portal's
  // 7,359 (2026-11-28).
  app.get('/notifications', async (req, reply) => {
    const row = await actorRow(req, reply);
    if (row === null) return reply;
    const role = req.query.role;
    if (!(row.at(-2) ?? []).includes(role)) return reply.code(403).send({ message: 'Forbidden.' });
    const values = { me: row[2], role, limit: Number(req.query.count ?? 20) };
    const [rows, counts] = await Promise.all([
      q(NOTIFICATIONS_PAGE.text, NOTIFICATIONS_PAGE.values(values), 'array'),
      q(NOTIFICATIONS_COUNT.text, NOTIFICATIONS_COUNT.values(values), 'array'),
    ]);
    const data = rows.rows.map(([id, created, read, type, title, body, url, sender]) => ({
      id,
      created_at: created,
      read_at: read,
      data: { title, data: { type, url, notification_body: body } },
      body,
      sender,
    }));
    const [total, unread] = counts.rows[0];
    return { data, unread, total };
  });

  // The portal's answer (UserRequestList): each pending request as its summary, with whether this
  // admin may decide it and why not (requests.policy.ts): a request another admin role handles
  // names that role; one about the admin themselves (their id, or their email in any case) is
  // refused with its message; any other they decide. The handler, the user and the email come with
  // the row and the admin's id and email with the actor's, so the notes are module constants and a
  // request's answer costs one comparison of emails. Then the total, how many this admin may decide,
  // and the page. As object rows, the answer carried the policy's fact (handler) and the summary
  // as "case", no decision, and no counts (both columns named count): 1,188 characters against the
  // portal's 1,448 for the registrations (2026-11-28).
  const ADMIN_VIEWS = ['SYSADMIN', 'TA_ADMIN'];
  const requestStatements = Object.fromEntries(
    ADMIN_VIEWS.map((v) => [v, { page: requestsPage(v), count: requestsCount(v) }]),
  );
  const otherAdmin = Object.fromEntries(
    ADMIN_VIEWS.map((v) => [v, REGISTRATION_MESSAGES.otherAdminDecides(ROLE_NAMES[v])]),
  );
  const ownRequest = REGISTRATION_MESSAGES.ownRequest;
  app.get('/user-requests', async (req, reply) => {
    const row = await actorRow(req, reply);
    if (row === null) return reply;
    const view = req.query.current_role;
    if (!ADMIN_VIEWS.includes(view) || !(row.at(-2) ?? []).includes(view))
      return reply.code(403).send({ message: 'Forbidden.' });
    const { page, limit, offset } = pageOf(req.query, 20);
    const me = row[2];
    const values = { me, type: req.query.type, limit, offset };
    const { page: pageSql, count: countSql } = requestStatements[view];
    const [rows, counts] = await Promise.all([
      q(pageSql.text, pageSql.values(values), 'array'),
      q(countSql.text, countSql.values(values), 'array'),
    ]);
    // The actor's row: the user's id at 2, their email at 4.
    const myEmail = row[4].toLowerCase();
    const data = rows.rows.map(([id, type, status, handler, name, email, roles, summary, userId, created]) => {
      // The statement lists pending requests only: each is decided or refused with a note.
      const note =
        handler !== view ? otherAdmin[handler] : userId === me || email.toLowerCase() === myEmail ? ownRequest : null;
      return {
        id,
        type,
        status,
        name,
        email,
        roles,
        change_request: summary,
        user_id: userId,
        created_at: created,
        can_decide: note === null,
        decide_note: note,
      };
    });
    const [total, decidable] = counts.rows[0];
    return { data, total, decidable_total: decidable, page, per_page: limit };
  });
}
