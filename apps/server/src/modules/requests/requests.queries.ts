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

type Q = Db | Tx;

export type UserRequestRow = typeof userRequests.$inferSelect;

const SORTS = {
  name: userRequests.name,
  role: sql`${userRequests.roles}::text`,
  change: sql`${userRequests.data}->>'summary'`,
  created_at: userRequests.createdAt,
} as const;

/** A page of pending requests within the actor's scope, sorted and filtered in SQL. */
export async function listPendingRequests(
  db: Q,
  scope: SQL,
  opts: {
    /** The requests of the list the actor may decide: counted beside the total. */
    decidable: SQL;
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
  const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    eq(userRequests.status, 'pending'),
    scope,
    opts.type ? eq(userRequests.type, opts.type) : undefined,
    opts.name ? ilike(userRequests.name, like(opts.name)) : undefined,
    opts.role ? sql`${userRequests.roles}::text ilike ${like(opts.role)}` : undefined,
    opts.change ? sql`${userRequests.data}->>'summary' ilike ${like(opts.change)}` : undefined,
  );
  const order = opts.direction === 'asc' ? asc(SORTS[opts.sort]) : desc(SORTS[opts.sort]);
  const [rows, [counts]] = await Promise.all([
    db
      .select({ row: userRequests })
      .from(userRequests)
      .where(where)
      .orderBy(order, asc(userRequests.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage),
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        decidable: sql<number>`count(*) filter (where ${opts.decidable})`.mapWith(Number),
      })
      .from(userRequests)
      .where(where),
  ]);
  return { rows: rows.map((r) => r.row), total: counts?.total ?? 0, decidable: counts?.decidable ?? 0 };
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
  return row ? { ...row.row, decidedByName: row.decidedByName } : null;
}

/** The request under a row lock: a decision and an edit at the same moment see each other. */
export async function lockRequest(tx: Tx, id: number) {
  const [row] = await tx.select().from(userRequests).where(eq(userRequests.id, id)).for('update');
  return row ?? null;
}

export const updateRequest = (db: Q, id: number, values: Partial<typeof userRequests.$inferInsert>) =>
  db
    .update(userRequests)
    .set({ ...values, updatedAt: new Date() })
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
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));

export async function subscribe(tx: Tx, userId: number, categoryIds: number[]) {
  if (categoryIds.length)
    await tx
      .insert(subscriptions)
      .values(categoryIds.map((categoryId) => ({ userId, categoryId })))
      .onConflictDoNothing();
}
