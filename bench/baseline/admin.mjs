/** The baseline's routes of the calls in bench/calls/admin.mjs: the portal's statements (baseline-sql.mjs) with raw pg. */
import { AUDIT_ACTIONS } from '../../packages/shared/src/audit.ts';
import { auditList, usersList } from '../baseline-sql.mjs';
import { q, actorRow } from './core.mjs';

/** Registers the routes on the baseline's Fastify app. */
export function routes(app) {
  // The admin back office (issue 22): All Users and the audit list, the same SQL as users.queries.ts
  // and audit.queries.ts (baseline-sql.mjs), behind the admin role's check; array rows written as
  // the portal's answers.
  async function admin(req, reply, role) {
    const row = await actorRow(req, reply);
    if (row === null) return false;
    if (!(row.at(-2) ?? []).includes(role)) {
      reply.code(403).send({ message: 'Forbidden.' });
      return false;
    }
    return true;
  }

  // The portal's answer (UserList): each row a user's card (userCard: the roles after the email,
  // activated last), the total, and the page: the statement's limit and offset are the first page
  // of 20 (baseline-sql.mjs). Without a search the total is the count's, run beside the page; a
  // search's rows carry it (the page's last column, not written in a card). As object rows the
  // roles came out as 'coalesce' and each row wrote the total as 'count'.
  // Columns: id, first name, last name, email, roles, activated[, total].
  app.get('/users', async (req, reply) => {
    const view = req.query.role === 'TA' ? 'TA_ADMIN' : 'SYSADMIN';
    if (!(await admin(req, reply, view))) return reply;
    const { page, count } = usersList(view, req.query.search);
    const [rows, counted] = await Promise.all([
      q(page.text, page.values, 'array'),
      count ? q(count.text, count.values, 'array') : null,
    ]);
    const data = rows.rows.map(([id, first, last, email, roles, activated]) => ({
      id,
      first_name: first,
      last_name: last,
      email,
      roles,
      activated,
    }));
    const total = counted ? counted.rows[0][0] : (rows.rows[0]?.[6] ?? 0);
    return { data, total, page: 1, per_page: 20 };
  });

  // The portal's answer (AuditList): each record with its action's label after the action (the
  // portal's AUDIT_ACTIONS, its name when it has none), the count, and the first page of 20. The
  // id is a bigint, which node-postgres hands as text and the portal's column as a number; the
  // time comes as node-postgres' Date (core.mjs's q takes no type parsers), written by JSON as
  // toISOString: the same text as the portal's isoTime of PostgreSQL's UTC text. before and
  // after are jsonb, parsed by both drivers alike and written back as JSON.
  app.get('/audit', async (req, reply) => {
    if (!(await admin(req, reply, 'SYSADMIN'))) return reply;
    const { page, count } = auditList(req.query);
    const [rows, total] = await Promise.all([q(page.text, page.values, 'array'), q(count.text, count.values, 'array')]);
    const data = rows.rows.map(
      // The statement selects the action twice (the portal decodes the second into its label).
      ([id, at, actorId, actorName, actorEmail, action, , recordType, recordId, ip, before, after]) => ({
        id: Number(id),
        at,
        actor_id: actorId,
        actor_name: actorName,
        actor_email: actorEmail,
        action,
        action_label: AUDIT_ACTIONS[action] ?? action,
        record_type: recordType,
        record_id: recordId,
        ip,
        before,
        after,
      }),
    );
    return { data, total: total.rows[0][0], page: 1, per_page: 20 };
  });
}
