import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { committeeMembers, committees, users } from '../../db/schema/index.js';

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
