import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared';
import type { Database } from '../db/client.js';
import { userRoles, users } from '../db/schema/index.js';
import { freshDatabase } from '../test/helpers.js';
import { rolesOfUser, userHolds } from './policy.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  const [a, b] = await database.db
    .insert(users)
    .values([
      { email: 'a@roles.test', passwordHash: 'x', firstName: 'Ann', lastName: 'A', activated: true },
      { email: 'b@roles.test', passwordHash: 'x', firstName: 'Ben', lastName: 'B', activated: true },
      { email: 'c@roles.test', passwordHash: 'x', firstName: 'Cy', lastName: 'C', activated: true },
    ])
    .returning({ id: users.id });
  await database.db.insert(userRoles).values([
    { userId: a!.id, role: 'TA' },
    { userId: a!.id, role: 'CM' },
    { userId: b!.id, role: 'AR' },
  ]);
});
afterAll(() => database.close());

describe("a user's roles in SQL", () => {
  it('reads the listed user, even when user_roles has an id column of its own', async () => {
    // A select from users alone has Drizzle write users.id bare ("id"): inside the subquery that
    // would be this column, null, and every user would hold nothing.
    await database.db.execute(sql`alter table user_roles add column id integer`);
    const rows = await database.db
      .select({
        email: users.email,
        roles: rolesOfUser,
        cm: sql<boolean>`${userHolds('CM')}`,
        assessor: sql<boolean>`${userHolds('TA', 'LA')}`,
      })
      .from(users)
      .orderBy(asc(users.email));
    expect(rows).toEqual([
      { email: 'a@roles.test', roles: ['CM', 'TA'], cm: true, assessor: true },
      { email: 'b@roles.test', roles: ['AR'], cm: false, assessor: false },
      { email: 'c@roles.test', roles: [], cm: false, assessor: false },
    ]);
  });

  it('writes only the roles there are', () => {
    expect(() => userHolds("CM') or (true" as Role)).toThrow(/not a role/);
  });
});
