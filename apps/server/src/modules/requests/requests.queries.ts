import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  arSites,
  committeeMembers,
  sites,
  subscriptions,
  userRequests,
  userRoles,
  users,
} from '../../db/schema/index.js';

import { isoTime } from '../../platform/iso-time.js';
import { decoded, statement } from '../../platform/prepared.js';
import { extend } from '../../platform/objects.js';

type Q = Db | Tx;

export type UserRequestRow = typeof userRequests.$inferSelect;

const SORTS = {
  name: userRequests.name,
  role: sql`${userRequests.roles}::text`,
  change: sql`${userRequests.data}->>'summary'`,
  created_at: userRequests.createdAt,
} as const;

/** The list's shape: the view's scope, what the actor may decide, which filters are present, the order. */
export interface ListShape {
  scope: Scope;
  decidable: Scope;
  type: boolean;
  sort: keyof typeof SORTS;
  direction: 'asc' | 'desc';
  name: boolean;
  role: boolean;
  change: boolean;
}
type Scope = { where: SQL; key: string };

/** The placeholder of the listing user in the scopes the service passes (scopeFor(..., sql.placeholder(ME))). */
export const ME = 'me';

function listWhere(shape: ListShape) {
  return and(
    eq(userRequests.status, 'pending'),
    shape.scope.where,
    shape.type ? eq(userRequests.type, sql.placeholder('type')) : undefined,
    shape.name ? ilike(userRequests.name, sql.placeholder('name')) : undefined,
    shape.role ? sql`${userRequests.roles}::text ilike ${sql.placeholder('role')}` : undefined,
    shape.change ? sql`${userRequests.data}->>'summary' ilike ${sql.placeholder('change')}` : undefined,
  );
}

/** A row of the list: the summary's fields and the facts its rules read (not the stored form or change). */
const listRow = {
  id: userRequests.id,
  type: userRequests.type,
  status: userRequests.status,
  handler: userRequests.handler,
  name: userRequests.name,
  email: userRequests.email,
  roles: userRequests.roles,
  summary: sql<string>`case when jsonb_typeof(${userRequests.data}->'summary') = 'string' then ${userRequests.data}->>'summary' else '' end`,
  userId: userRequests.userId,
  createdAt: decoded(sql`${userRequests.createdAt}`, (v) => isoTime(v as string)),
};

const listPage = statement((db, shape: ListShape) =>
  db
    .select(listRow)
    .from(userRequests)
    .where(listWhere(shape))
    .orderBy(shape.direction === 'asc' ? asc(SORTS[shape.sort]) : desc(SORTS[shape.sort]), asc(userRequests.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

const listCount = statement((db, shape: ListShape) =>
  db
    .select({
      total: sql<number>`count(*)::int`,
      decidable: sql<number>`(count(*) filter (where ${shape.decidable.where}))::int`,
    })
    .from(userRequests)
    .where(listWhere(shape)),
);

/** The list's statements, for the benchmark's baseline (bench/baseline-sql.mjs). */
export const listStatements = { page: listPage, count: listCount };

export type ListRow = Awaited<ReturnType<ReturnType<typeof listPage>['execute']>>[number];

/** A page of pending requests within the actor's scope, sorted and filtered in SQL. */
export async function listPendingRequests(
  db: Q,
  scope: Scope,
  opts: {
    /** The requests of the list the actor may decide: counted beside the total. */
    decidable: Scope;
    me: number;
    type?: 'create' | 'update';
    page: number;
    perPage: number;
    sort: keyof typeof SORTS;
    direction: 'asc' | 'desc';
    name?: string;
    role?: string;
    change?: string;
  },
) {
  const like = (s: string | undefined) => (s ? `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined);
  const shape: ListShape = {
    scope,
    decidable: opts.decidable,
    type: !!opts.type,
    sort: opts.sort,
    direction: opts.direction,
    name: !!opts.name,
    role: !!opts.role,
    change: !!opts.change,
  };
  const values = {
    [ME]: opts.me,
    type: opts.type,
    name: like(opts.name),
    role: like(opts.role),
    change: like(opts.change),
  };
  const [rows, [counts]] = await Promise.all([
    listPage(db, shape).execute(extend(values, { limit: opts.perPage, offset: (opts.page - 1) * opts.perPage })),
    listCount(db, shape).execute(values),
  ]);
  return { rows, total: counts?.total ?? 0, decidable: counts?.decidable ?? 0 };
}

export async function findRequest(db: Q, id: number) {
  const [row] = await db
    .select({
      row: userRequests,
      decidedByName: sql<
        string | null
      >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${userRequests.decidedBy})`,
    })
    .from(userRequests)
    .where(eq(userRequests.id, id));
  return row ? extend(row.row, { decidedByName: row.decidedByName }) : null;
}

/** The request under a row lock: a decision and an edit at the same moment see each other. */
export async function lockRequest(tx: Tx, id: number) {
  const [row] = await tx.select().from(userRequests).where(eq(userRequests.id, id)).for('update');
  return row ?? null;
}

export const updateRequest = (db: Q, id: number, values: Partial<typeof userRequests.$inferInsert>) =>
  db
    .update(userRequests)
    .set(extend(values, { updatedAt: new Date() }))
    .where(eq(userRequests.id, id));

export async function insertUser(tx: Tx, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function addRoles(tx: Tx, userId: number, roles: string[]) {
  if (roles.length)
    await tx
      .insert(userRoles)
      .values(roles.map((role) => ({ userId, role })))
      .onConflictDoNothing();
}

/** The site ids among these that exist (a site may have gone since the registration was sent). */
export async function existingSiteIds(tx: Q, ids: number[]) {
  if (ids.length === 0) return [];
  return (await tx.select({ id: sites.id }).from(sites).where(inArray(sites.id, ids))).map((r) => r.id);
}

export async function representSites(tx: Tx, userId: number, siteIds: number[]) {
  if (siteIds.length)
    await tx
      .insert(arSites)
      .values(siteIds.map((siteId) => ({ userId, siteId })))
      .onConflictDoNothing();
}

export async function joinCommittees(tx: Tx, userId: number, committeeIds: number[]) {
  if (committeeIds.length)
    await tx
      .insert(committeeMembers)
      .values(committeeIds.map((committeeId) => ({ committeeId, userId })))
      .onConflictDoNothing();
}

export const updateUser = (db: Q, id: number, values: Partial<typeof users.$inferInsert>) =>
  db
    .update(users)
    .set(extend(values, { updatedAt: new Date() }))
    .where(eq(users.id, id));

/** The email a user signs in with (compared before and after a profile change is applied). */
export async function signInEmailOf(db: Q, id: number) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email ?? null;
}

export async function subscribe(tx: Tx, userId: number, categoryIds: number[]) {
  if (categoryIds.length)
    await tx
      .insert(subscriptions)
      .values(categoryIds.map((categoryId) => ({ userId, categoryId })))
      .onConflictDoNothing();
}
