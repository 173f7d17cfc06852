import type { AuditAction } from '@portal/shared';
import type { Db, Tx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

/**
 * The audit trail's one writer. A service records inside the transaction of the change it records,
 * so an action that rolled back leaves no record and a recorded action always happened. Reading
 * the trail is the audit module's; nothing updates or deletes a row (a trigger refuses both).
 */

/** Who acted: a user (the actor's user, or the account a sign-in was for), or only the email typed. */
export interface AuditWho {
  id?: number | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  who: AuditWho | null;
  /** The record acted on: its kind ('user', 'committee', 'user_request', 'job_document' ...) and id. */
  record?: { type: string; id: string | number } | null;
  /** The values that changed, as they were and as they are; for a creation only `after`. */
  before?: unknown;
  after?: unknown;
  /** The address it came from: the request's (`deps.ip`), null for work no request started. */
  ip: string | null;
}

function nameOf(who: AuditWho): string | null {
  const name = [who.firstName, who.lastName].filter(Boolean).join(' ');
  return name || null;
}

/** Writes one record; `db` is the transaction of the change. */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/** Writes several records in one statement (a bulk decision, a zip of many documents). */
export async function recordAudits(db: Db | Tx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((e) => ({
      action: e.action,
      actorId: e.who?.id ?? null,
      actorName: e.who ? nameOf(e.who) : null,
      actorEmail: e.who?.email ?? null,
      recordType: e.record?.type ?? null,
      recordId: e.record ? String(e.record.id) : null,
      ip: e.ip,
      before: e.before === undefined ? null : e.before,
      after: e.after === undefined ? null : e.after,
    })),
  );
}

/**
 * The fields of `after` that differ from `before`, each side holding only those: what an edit
 * changed, for its record. Values compare as JSON.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}
