import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_ACTIONS, type AuditAction, type AuditFilters } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { isoTime } from '../../platform/iso-time.js';
import { decoded, statement } from '../../platform/prepared.js';
import { descIndexed } from '../../platform/order.js';
import { extend } from '../../platform/objects.js';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const p = sql.placeholder;

/** Text that is a whole email address: the records of that address, not of every address containing it. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Which filters a request sets: the statements' shape (the values go in as parameters). */
export interface AuditShape {
  /**
   * By id (the (actor, at) index), by a whole email (the (lower(email), at) index), by text in the
   * name or email they had then (the trigram indexes), or none.
   */
  user: 'id' | 'email' | 'text' | null;
  action: boolean;
  recordType: boolean;
  recordId: boolean;
  from: boolean;
  to: boolean;
}

export function auditShape(f: AuditFilters): AuditShape {
  return {
    user: !f.user ? null : /^\d+$/.test(f.user) ? 'id' : WHOLE_EMAIL.test(f.user) ? 'email' : 'text',
    action: !!f.action,
    recordType: !!f.record_type,
    recordId: !!f.record_id,
    from: !!f.from,
    to: !!f.to,
  };
}

/** The statements' parameters for the filters. */
export function auditValues(f: AuditFilters): Record<string, unknown> {
  const user = f.user ?? '';
  return {
    userId: /^\d+$/.test(user) ? Number(user) : null,
    userLike: `%${escapeLike(user)}%`,
    userEmail: user,
    action: f.action,
    recordType: f.record_type,
    recordId: f.record_id,
    from: f.from,
    to: f.to,
  };
}

/** The filters as one condition. Days are Sydney calendar days, both ends included. */
function auditWhere(s: AuditShape): SQL | undefined {
  return and(
    s.user === 'id' ? eq(auditLog.actorId, p('userId')) : undefined,
    s.user === 'email' ? sql`lower(${auditLog.actorEmail}) = lower(${p('userEmail')})` : undefined,
    s.user === 'text'
      ? or(ilike(auditLog.actorName, p('userLike')), ilike(auditLog.actorEmail, p('userLike')))
      : undefined,
    s.action ? eq(auditLog.action, p('action')) : undefined,
    s.recordType ? eq(auditLog.recordType, p('recordType')) : undefined,
    s.recordId ? eq(auditLog.recordId, p('recordId')) : undefined,
    s.from ? sql`${auditLog.at} >= (${p('from')}::date)::timestamp at time zone 'Australia/Sydney'` : undefined,
    s.to ? sql`${auditLog.at} < (${p('to')}::date + 1)::timestamp at time zone 'Australia/Sydney'` : undefined,
  );
}

/** An action's label for people (AUDIT_ACTIONS), its name when it has none. */
export const labelOf = (action: string) => AUDIT_ACTIONS[action as AuditAction] ?? action;

/**
 * A record as the list answers it, in its schema's order (written with one JSON.stringify: the
 * route's `rowsShaped`): the time as ISO text, the action's label made from a second copy of the
 * action by the row's own decoder, so no second object is built for a row.
 */
const auditFields = {
  id: auditLog.id,
  at: decoded(sql`${auditLog.at}`, (v) => isoTime(v as string)),
  actor_id: auditLog.actorId,
  actor_name: auditLog.actorName,
  actor_email: auditLog.actorEmail,
  action: auditLog.action,
  action_label: decoded(sql`${auditLog.action}`, (v) => labelOf(v as string)),
  record_type: auditLog.recordType,
  record_id: auditLog.recordId,
  ip: auditLog.ip,
  before: auditLog.before,
  after: auditLog.after,
};

const auditPage = statement((db, s: AuditShape) =>
  db
    .select(auditFields)
    .from(auditLog)
    .where(auditWhere(s))
    .orderBy(descIndexed(auditLog.at), descIndexed(auditLog.id))
    .limit(p('limit'))
    .offset(p('offset')),
);

const auditCount = statement((db, s: AuditShape) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(auditWhere(s)),
);

/** The list's statements, for the benchmark's baseline to run their SQL (bench/baseline-sql.mjs). */
export const auditStatements = { page: auditPage, count: auditCount };

export type AuditRow = Awaited<ReturnType<ReturnType<typeof auditPage>['execute']>>[number];

/**
 * A page of the filtered trail, newest first, and how many records match: two prepared statements
 * side by side (a `count(*) over ()` would read every matching record whole to count it, where the
 * count alone reads an index).
 */
export async function listAudit(db: Db, filters: AuditFilters, page: number, perPage: number) {
  const shape = auditShape(filters);
  const values = auditValues(filters);
  const [rows, count] = await Promise.all([
    auditPage(db, shape).execute(extend(values, { limit: perPage, offset: (page - 1) * perPage })),
    auditCount(db, shape).execute(values),
  ]);
  return { rows, total: count[0]?.total ?? 0 };
}

/** Where a page of the export ended: its last record's time (as the database wrote it, to the microsecond) and id. */
export interface AuditCursor {
  at: string;
  id: number;
}

const auditAfter = statement((db, s: AuditShape & { cursor: boolean }) =>
  db
    .select(extend(auditFields, { cursorAt: sql<string>`${auditLog.at}::text` }))
    .from(auditLog)
    .where(
      and(
        auditWhere(s),
        s.cursor
          ? sql`(${auditLog.at}, ${auditLog.id}) < (${p('cursorAt')}::timestamptz, ${p('cursorId')}::bigint)`
          : undefined,
      ),
    )
    .orderBy(descIndexed(auditLog.at), descIndexed(auditLog.id))
    .limit(p('limit')),
);

/** The next `size` records after `cursor`, in the list's order (newest first). */
export async function auditPageAfter(db: Db, filters: AuditFilters, cursor: AuditCursor | null, size: number) {
  return auditAfter(db, extend(auditShape(filters), { cursor: cursor !== null })).execute(
    extend(auditValues(filters), { cursorAt: cursor?.at, cursorId: cursor?.id, limit: size }),
  );
}
