import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AuditFilters } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditRow = typeof auditLog.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filters as one condition. Days are Sydney calendar days, both ends included; a user given
 * by id uses the (actor, at) index, text is looked for in the name and email they had then.
 */
export function auditWhere(f: AuditFilters): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  if (f.user) {
    if (/^\d+$/.test(f.user)) c.push(eq(auditLog.actorId, Number(f.user)));
    else {
      const like = `%${escapeLike(f.user)}%`;
      c.push(or(ilike(auditLog.actorName, like), ilike(auditLog.actorEmail, like)));
    }
  }
  if (f.action) c.push(eq(auditLog.action, f.action));
  if (f.record_type) c.push(eq(auditLog.recordType, f.record_type));
  if (f.record_id) c.push(eq(auditLog.recordId, f.record_id));
  if (f.from) c.push(sql`${auditLog.at} >= (${f.from}::date)::timestamp at time zone 'Australia/Sydney'`);
  if (f.to) c.push(sql`${auditLog.at} < (${f.to}::date + 1)::timestamp at time zone 'Australia/Sydney'`);
  return and(...c);
}

/** A page of the filtered trail, newest first, and how many records match. */
export async function listAudit(db: Db, where: SQL | undefined, page: number, perPage: number) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

/** Where a page of the export ended: its last record's time (as the database wrote it, to the microsecond) and id. */
export interface AuditCursor {
  at: string;
  id: number;
}

/** The next `size` records after `cursor`, in the list's order (newest first). */
export async function auditPageAfter(db: Db, where: SQL | undefined, cursor: AuditCursor | null, size: number) {
  return db
    .select({ row: auditLog, cursorAt: sql<string>`${auditLog.at}::text` })
    .from(auditLog)
    .where(
      and(
        where,
        cursor ? sql`(${auditLog.at}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(size);
}
