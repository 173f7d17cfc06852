import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  arSites,
  committeeMembers,
  forumFollows,
  jobAssessors,
  notifications,
  userRoles,
  users,
} from '../../db/schema/index.js';

type Q = Db | Tx;

export interface Scope {
  userId: number;
  role: string;
  /** The committee in view (CM); when absent, notifications of every committee. */
  committeeId?: number;
}

/** The user's live notifications in one view: unscoped ones plus those of this role and committee. */
function inScope(s: Scope): SQL {
  return and(
    eq(notifications.userId, s.userId),
    isNull(notifications.deletedAt),
    or(isNull(notifications.role), eq(notifications.role, s.role)),
    s.committeeId === undefined
      ? undefined
      : or(isNull(notifications.committeeId), eq(notifications.committeeId, s.committeeId)),
  )!;
}

export function listNotifications(db: Q, scope: Scope, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(inScope(scope))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countNotifications(db: Q, scope: Scope) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(inScope(scope));
  return row ?? { total: 0, unread: 0 };
}

/** Marks read or deletes; ids limit it to those notifications, 'all' to the whole view. */
export async function updateNotifications(db: Q, scope: Scope, ids: string[] | 'all', type: 'read' | 'delete') {
  const where = and(inScope(scope), ids === 'all' ? undefined : inArray(notifications.id, ids));
  const set = type === 'read' ? { readAt: sql`coalesce(${notifications.readAt}, now())` } : { deletedAt: sql`now()` };
  const rows = await db.update(notifications).set(set).where(where).returning({ id: notifications.id });
  return rows.length;
}

/**
 * Rows per insert: a statement holds at most 65,535 parameters and a row takes 8, so one insert of
 * a publication's 20,000 subscribers failed (bench/publications-mail.mjs).
 */
export const INSERT_BATCH = 1000;

export async function insertNotifications(db: Q, rows: (typeof notifications.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await db.insert(notifications).values(rows.slice(i, i + INSERT_BATCH));
}

// Recipients of the templates

export async function assessorIdsOf(db: Q, jobId: number) {
  const rows = await db.select({ id: jobAssessors.userId }).from(jobAssessors).where(eq(jobAssessors.jobId, jobId));
  return rows.map((r) => r.id);
}

export async function representativeIdsOf(db: Q, siteId: number) {
  const rows = await db.select({ id: arSites.userId }).from(arSites).where(eq(arSites.siteId, siteId));
  return rows.map((r) => r.id);
}

/** The followers of a forum discussion who are still members of its committee (forum.reply.created). */
export async function forumFollowerIdsOf(db: Q, threadId: number, committeeId: number) {
  const rows = await db
    .select({ id: forumFollows.userId })
    .from(forumFollows)
    .innerJoin(
      committeeMembers,
      and(eq(committeeMembers.userId, forumFollows.userId), eq(committeeMembers.committeeId, committeeId)),
    )
    .where(eq(forumFollows.threadId, threadId));
  return rows.map((r) => r.id);
}

/** The active members of a committee (the calendar's new events). */
export async function committeeMemberIdsOf(db: Q, committeeId: number) {
  const rows = await db
    .select({ id: committeeMembers.userId })
    .from(committeeMembers)
    .innerJoin(users, eq(users.id, committeeMembers.userId))
    .where(and(eq(committeeMembers.committeeId, committeeId), eq(users.activated, true)));
  return rows.map((r) => r.id);
}

/** The active system administrators (the contact form's messages reach them). */
/** The active users holding `role`, except the one given (the user a request is about). */
export async function activeHoldersOf(
  db: Q,
  role: 'SYSADMIN' | 'TA_ADMIN',
  except: { userId: number | null; email: string },
) {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        eq(userRoles.role, role),
        eq(users.activated, true),
        sql`${users.id} is distinct from ${except.userId}`,
        sql`lower(${users.email}) <> lower(${except.email})`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function systemAdminIds(db: Q) {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.role, 'SYSADMIN'), eq(users.activated, true)));
  return rows.map((r) => r.id);
}
