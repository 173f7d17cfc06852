import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { committeeMembers, committees, users } from '../../db/schema/index.js';
import { userHolds } from '../../platform/policy.js';

const admins = alias(users, 'admin_user');

const committeeColumns = {
  id: committees.id,
  name: committees.name,
  adminId: committees.adminId,
  adminFirstName: admins.firstName,
  adminLastName: admins.lastName,
};

export type CommitteeRow = {
  id: number;
  name: string;
  adminId: number | null;
  adminFirstName: string | null;
  adminLastName: string | null;
};

/** The committees of a list (the caller's scope), by name, with their admin's names. */
export function listCommittees(db: Db | Tx, where: SQL): Promise<CommitteeRow[]> {
  return db
    .select(committeeColumns)
    .from(committees)
    .leftJoin(admins, eq(admins.id, committees.adminId))
    .where(where)
    .orderBy(asc(committees.name));
}

/** Every committee's id and name (public: the registration wizard). */
export function listCommitteeNames(db: Db | Tx) {
  return db.select({ id: committees.id, name: committees.name }).from(committees).orderBy(asc(committees.name));
}

export async function findCommittee(db: Db | Tx, id: number): Promise<CommitteeRow | null> {
  const [row] = await db
    .select(committeeColumns)
    .from(committees)
    .leftJoin(admins, eq(admins.id, committees.adminId))
    .where(eq(committees.id, id));
  return row ?? null;
}

/** The members of a committee, admin first, then by last and first name. */
export function listMembers(db: Db | Tx, committeeId: number, adminId: number | null) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      title: users.title,
      mobileNumber: users.mobileNumber,
      email: users.email,
    })
    .from(committeeMembers)
    .innerJoin(users, eq(users.id, committeeMembers.userId))
    .where(eq(committeeMembers.committeeId, committeeId))
    .orderBy(sql`${users.id} = ${adminId ?? -1} desc`, asc(users.lastName), asc(users.firstName), asc(users.id));
}

// ---- The admin's committee management ----

/** Every committee with its admin's name and its member ids, by name (one statement). */
export function listManagedCommittees(db: Db | Tx, where?: SQL) {
  return db
    .select({
      id: committees.id,
      name: committees.name,
      adminId: committees.adminId,
      adminName: sql<
        string | null
      >`case when ${admins.id} is null then null else ${admins.firstName} || ' ' || ${admins.lastName} end`,
      members: sql<
        number[]
      >`coalesce((select array_agg(${committeeMembers.userId} order by ${committeeMembers.userId}) from ${committeeMembers} where ${committeeMembers.committeeId} = ${committees.id}), '{}')`,
    })
    .from(committees)
    .leftJoin(admins, eq(admins.id, committees.adminId))
    .where(where)
    .orderBy(asc(committees.name));
}

export type ManagedCommitteeRow = Awaited<ReturnType<typeof listManagedCommittees>>[number];

export async function findManagedCommittee(db: Db | Tx, id: number): Promise<ManagedCommitteeRow | null> {
  const rows = await listManagedCommittees(db, eq(committees.id, id));
  return rows[0] ?? null;
}

/** Active users holding CM: whom a committee may hold. */
export function listCandidates(db: Db | Tx) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.activated, true), userHolds('CM')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** How many of these ids are active users holding CM (every id must be). */
export async function countCandidates(db: Db | Tx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.activated, true), userHolds('CM')));
  return row?.n ?? 0;
}

/** Inserts a committee; null when the name is taken (the unique index decides, not a read first). */
export async function insertCommittee(tx: Tx, name: string, adminId: number | null) {
  const [row] = await tx
    .insert(committees)
    .values({ name, adminId })
    .onConflictDoNothing({ target: committees.name })
    .returning({ id: committees.id });
  return row ?? null;
}

/** Renames and sets the admin; false when the new name is another committee's. */
export async function updateCommittee(tx: Tx, id: number, name: string, adminId: number | null) {
  const rows = await tx
    .update(committees)
    .set({ name, adminId })
    .where(
      and(
        eq(committees.id, id),
        sql`not exists (select 1 from ${committees} c2 where c2.name = ${name} and c2.id <> ${id})`,
      ),
    )
    .returning({ id: committees.id });
  return rows.length > 0;
}

/** Locks the committee's row for the change (two admins editing at once apply one after the other). */
export async function lockCommittee(tx: Tx, id: number) {
  await tx.select({ id: committees.id }).from(committees).where(eq(committees.id, id)).for('update');
}

export async function addMembers(tx: Tx, committeeId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await tx
    .insert(committeeMembers)
    .values(userIds.map((userId) => ({ committeeId, userId })))
    .onConflictDoNothing();
}

export async function removeMembers(tx: Tx, committeeId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await tx
    .delete(committeeMembers)
    .where(and(eq(committeeMembers.committeeId, committeeId), inArray(committeeMembers.userId, userIds)));
}
