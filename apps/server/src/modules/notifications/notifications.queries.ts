import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import {
  arSites,
  committeeMembers,
  committees,
  mailOutbox,
  sentNotifications,
  forumFollows,
  jobAssessors,
  notifications,
  userRoles,
  users,
} from '../../db/schema/index.js';

import { isoTime } from '../../platform/iso-time.js';
import { decoded, statement } from '../../platform/prepared.js';
import { extend } from '../../platform/objects.js';
import { descIndexed } from '../../platform/order.js';

type Q = Db | Tx;

export interface Scope {
  /** The policy's scope: the rows the user may read or change (their own). */
  records: SQL;
  role: string;
  /** The committee in view (CM); when absent, notifications of every committee. */
  committeeId?: number;
}

/** The user's live notifications in one view: unscoped ones plus those of this role and committee. */
function inScope(s: Scope): SQL {
  return and(
    s.records,
    isNull(notifications.deletedAt),
    or(isNull(notifications.role), eq(notifications.role, s.role)),
    s.committeeId === undefined
      ? undefined
      : or(isNull(notifications.committeeId), eq(notifications.committeeId, s.committeeId)),
  )!;
}

/** The list's shape: the policy's scope (with the placeholder `me`) and whether a committee is in view. */
export interface ListShape {
  records: ListScope;
  committee: boolean;
}
type ListScope = { where: SQL; key: string };

/** inScope for the prepared list: the role and the committee as placeholders. */
function inListScope(shape: ListShape): SQL {
  return and(
    shape.records.where,
    isNull(notifications.deletedAt),
    or(isNull(notifications.role), eq(notifications.role, sql.placeholder('role'))),
    shape.committee
      ? or(isNull(notifications.committeeId), eq(notifications.committeeId, sql.placeholder('committeeId')))
      : undefined,
  )!;
}

/** The fields the answer shows (not the row's user, role, committee or deletion). */
const listRow = {
  id: notifications.id,
  created_at: decoded(sql`${notifications.createdAt}`, (v) => isoTime(v as string)),
  read_at: decoded<string | null>(sql`${notifications.readAt}`, (v) => isoTime(v as string)),
  type: notifications.type,
  title: notifications.title,
  body: notifications.body,
  url: notifications.url,
  sender: notifications.sender,
};

const listPage = statement((db, shape: ListShape) =>
  db
    .select(listRow)
    .from(notifications)
    .where(inListScope(shape))
    .orderBy(descIndexed(notifications.createdAt), descIndexed(notifications.id))
    .limit(sql.placeholder('limit')),
);

const listCount = statement((db, shape: ListShape) =>
  db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(inListScope(shape)),
);

/** The list's statements, for the benchmark's baseline (bench/baseline-sql.mjs). */
export const listStatements = { page: listPage, count: listCount };

export type ListRow = Awaited<ReturnType<ReturnType<typeof listPage>['execute']>>[number];

/** The placeholder of the listing user in the list's scope (scopeFor(..., sql.placeholder(ME))). */
export const ME = 'me';

export interface ListView {
  records: ListScope;
  me: number;
  role: string;
  committeeId?: number;
}

/** The newest `limit` notifications of the view, and how many there are (all, unread). */
export async function listNotifications(db: Q, view: ListView, limit: number) {
  const shape = { records: view.records, committee: view.committeeId !== undefined };
  const values = { [ME]: view.me, role: view.role, committeeId: view.committeeId };
  const [rows, [counts]] = await Promise.all([
    listPage(db, shape).execute(extend(values, { limit })),
    listCount(db, shape).execute(values),
  ]);
  return { rows, counts: counts ?? { total: 0, unread: 0 } };
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

// ---- Notices an admin sends to groups (POST /notifications) ----

/** Who a notice reaches, as one SQL condition on `users u` (the recipients are never loaded into the process). */
export type Audience =
  | { kind: 'groups'; roles: ('AR' | 'TA')[]; allCommitteeMembers: boolean; committeeIds: number[] }
  | { kind: 'assessors'; userIds: number[] | 'all' };

const holdsRole = (role: string) =>
  sql`exists (select 1 from ${userRoles} r where r.user_id = u.id and r.role = ${role})`;

function audienceWhere(a: Audience): SQL {
  if (a.kind === 'assessors')
    return a.userIds === 'all'
      ? holdsRole('TA')
      : sql`${holdsRole('TA')} and u.id = any(${`{${a.userIds.join(',')}}`}::int[])`;
  const parts: SQL[] = a.roles.map(holdsRole);
  if (a.allCommitteeMembers) parts.push(holdsRole('CM'));
  if (a.committeeIds.length > 0)
    parts.push(
      sql`exists (select 1 from ${committeeMembers} cm where cm.user_id = u.id and cm.committee_id = any(${`{${a.committeeIds.join(',')}}`}::int[]))`,
    );
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

export interface Notice {
  title: string;
  body: string;
  sender: string;
  mail: { subject: string; text: string; html: string; kind: string };
}

/**
 * The notice for every active user of the audience, each once (a member of two groups is one row
 * of `users`): one INSERT ... SELECT into notifications and one into the mail outbox, in one
 * statement (one snapshot of the recipients), so 20,000 recipients cost two set-based writes and
 * no row passes through the process. Answers how many were reached.
 */
export async function insertNotice(tx: Tx, audience: Audience, n: Notice): Promise<number> {
  await withoutJit(tx);
  const rows = await rowsOf<{ notified: number }>(
    tx,
    sql`
    with recipients as (
      select u.id, u.email from ${users} u where u.activated and ${audienceWhere(audience)}
    ), notified as (
      insert into ${notifications} (user_id, type, title, body, sender)
      select id, 'Admin', ${n.title}, ${n.body}, ${n.sender} from recipients
      returning 1
    ), mailed as (
      insert into ${mailOutbox} (user_id, to_address, kind, subject, text, html, status)
      select id, email, ${n.mail.kind}, ${n.mail.subject}, ${n.mail.text}, ${n.mail.html}, 'pending' from recipients
      returning 1
    )
    select (select count(*) from notified)::int as notified, (select count(*) from mailed)::int as mailed`,
  );
  return Number(rows[0]?.notified ?? 0);
}

/**
 * The audience's `exists ... or exists ...` is planned at a cost of about 500,000 for 20,000 users
 * (the planner prices the unhashed subplans), over PostgreSQL's jit_above_cost: JIT compiling then
 * took 780 ms of a count that runs in 50 ms. Both statements on it run without JIT, for their
 * transaction only.
 */
const withoutJit = (tx: Tx) => tx.execute(sql`set local jit = off`);

/** How many the notice would reach now (the count the call answers; the fan-out writes the exact one). */
export async function countAudience(tx: Tx, audience: Audience): Promise<number> {
  await withoutJit(tx);
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${users} u where u.activated and ${audienceWhere(audience)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The oldest queued notice that is due, locked for the fan-out's transaction; another process's
 * worker skips it (SKIP LOCKED), so each notice is fanned out once.
 */
export async function claimQueuedNotice(tx: Tx) {
  const [row] = await tx
    .select({
      id: sentNotifications.id,
      title: sentNotifications.title,
      body: sentNotifications.body,
      senderName: sentNotifications.senderName,
      senderEmail: sentNotifications.senderEmail,
      selection: sentNotifications.selection,
      attempts: sentNotifications.attempts,
    })
    .from(sentNotifications)
    .where(and(eq(sentNotifications.status, 'queued'), sql`${sentNotifications.nextAttemptAt} <= now()`))
    .orderBy(sentNotifications.nextAttemptAt, sentNotifications.id)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function markNoticeSent(tx: Tx, id: number, recipients: number) {
  await tx
    .update(sentNotifications)
    .set({ status: 'sent', recipients, fannedOutAt: sql`clock_timestamp()`, lastError: null })
    .where(eq(sentNotifications.id, id));
}

/** A failed fan-out (its transaction rolled back): the notice stays queued and is tried again after `waitMs`. */
export async function recordFanOutFailure(db: Q, id: number, error: string, waitMs: number) {
  await db
    .update(sentNotifications)
    .set({
      attempts: sql`${sentNotifications.attempts} + 1`,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${waitMs / 1000})`,
    })
    .where(and(eq(sentNotifications.id, id), eq(sentNotifications.status, 'queued')));
}

export function committeeNamesOf(db: Q, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: committees.id, name: committees.name })
    .from(committees)
    .where(inArray(committees.id, ids))
    .orderBy(committees.name);
}

export async function insertSentNotification(tx: Q, row: typeof sentNotifications.$inferInsert) {
  const [saved] = await tx.insert(sentNotifications).values(row).returning({ id: sentNotifications.id });
  return saved!.id;
}

/** A page of the log, newest first, with the count of all rows in the scope (one statement). */
export function listSentNotifications(db: Q, where: SQL, page: number, perPage: number) {
  return db
    .select({
      id: sentNotifications.id,
      title: sentNotifications.title,
      body: sentNotifications.body,
      createdAt: sentNotifications.createdAt,
      recipients: sentNotifications.recipients,
      sentToText: sentNotifications.sentToText,
      senderName: sentNotifications.senderName,
      senderEmail: sentNotifications.senderEmail,
      reminders: sentNotifications.reminders,
      status: sentNotifications.status,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(sentNotifications)
    .where(where)
    .orderBy(descIndexed(sentNotifications.createdAt), descIndexed(sentNotifications.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

export async function countSentNotifications(db: Q, where: SQL) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sentNotifications)
    .where(where);
  return row?.n ?? 0;
}
