/** The baseline's routes of the calls in bench/calls/inbox.mjs: the portal's statements (baseline-sql.mjs) with raw pg. */
import { NOTIFICATIONS_COUNT, NOTIFICATIONS_PAGE, requestsCount, requestsPage } from '../baseline-sql.mjs';
import { q, actorRow, pageOf } from './core.mjs';

/** Registers the routes on the baseline's Fastify app. */
export function routes(app) {
  // Notifications and the admins' pending requests: notifications.queries.ts and requests.queries.ts.
  app.get('/notifications', async (req, reply) => {
    const row = await actorRow(req, reply);
    if (row === null) return reply;
    const role = req.query.role;
    if (!(row.at(-2) ?? []).includes(role)) return reply.code(403).send({ message: 'Forbidden.' });
    const values = { me: row[2], role, limit: Number(req.query.count ?? 20) };
    const [rows, counts] = await Promise.all([
      q(NOTIFICATIONS_PAGE.text, NOTIFICATIONS_PAGE.values(values)),
      q(NOTIFICATIONS_COUNT.text, NOTIFICATIONS_COUNT.values(values)),
    ]);
    return { data: rows.rows, unread: counts.rows[0].unread, total: counts.rows[0].total };
  });

  const ADMIN_VIEWS = ['SYSADMIN', 'TA_ADMIN'];
  const requestStatements = Object.fromEntries(
    ADMIN_VIEWS.map((v) => [v, { page: requestsPage(v), count: requestsCount(v) }]),
  );
  app.get('/user-requests', async (req, reply) => {
    const row = await actorRow(req, reply);
    if (row === null) return reply;
    const view = req.query.current_role;
    if (!ADMIN_VIEWS.includes(view) || !(row.at(-2) ?? []).includes(view))
      return reply.code(403).send({ message: 'Forbidden.' });
    const { page, limit, offset } = pageOf(req.query, 20);
    const values = { me: row[2], type: req.query.type, limit, offset };
    const { page: pageSql, count: countSql } = requestStatements[view];
    const [rows, counts] = await Promise.all([
      q(pageSql.text, pageSql.values(values)),
      q(countSql.text, countSql.values(values)),
    ]);
    return {
      data: rows.rows,
      total: counts.rows[0].total,
      decidable_total: counts.rows[0].decidable,
      page,
      per_page: limit,
    };
  });
}
