/** The baseline's routes of the calls in bench/calls/admin.mjs: the portal's statements (baseline-sql.mjs) with raw pg. */
import { auditList, usersPage } from '../baseline-sql.mjs';
import { q, actorRow } from './core.mjs';

/** Registers the routes on the baseline's Fastify app. */
export function routes(app) {
  // The admin back office (issue 22): All Users and the audit list, the same SQL as users.queries.ts
  // and audit.queries.ts (baseline-sql.mjs), behind the admin role's check; rows as they come.
  async function admin(req, reply, role) {
    const row = await actorRow(req, reply);
    if (row === null) return false;
    if (!(row.at(-2) ?? []).includes(role)) {
      reply.code(403).send({ message: 'Forbidden.' });
      return false;
    }
    return true;
  }

  app.get('/users', async (req, reply) => {
    const view = req.query.role === 'TA' ? 'TA_ADMIN' : 'SYSADMIN';
    if (!(await admin(req, reply, view))) return reply;
    const page = usersPage(view, req.query.search);
    const rows = await q(page.text, page.values);
    return { data: rows.rows, total: rows.rows[0]?.total ?? 0, page: 1, per_page: 20 };
  });

  app.get('/audit', async (req, reply) => {
    if (!(await admin(req, reply, 'SYSADMIN'))) return reply;
    const { page, count } = auditList(req.query);
    const [rows, total] = await Promise.all([q(page.text, page.values), q(count.text, count.values)]);
    return { data: rows.rows, total: total.rows[0].total, page: 1, per_page: 20 };
  });
}
