import { type Role } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { sessions, userRoles, users } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../db/seed/demo-data.js';
import { hashPassword } from '../../platform/passwords.js';
import { newToken, sha256 } from '../../platform/tokens.js';
import { next } from './sequence.js';

export type UserRow = typeof users.$inferSelect;

// argon2 is slow on purpose: one hash per test file, shared by every user it makes.
let passwordHash: Promise<string> | undefined;

/** A user with the roles given, who signs in with DEMO_PASSWORD (test/helpers.ts `loginAs`). */
export async function makeUser(
  db: Db,
  opts: { roles?: Role[] } & Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  const { roles = [], ...values } = opts;
  const n = next();
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      email: `user${n}@factory.test`,
      firstName: 'Test',
      lastName: `User ${n}`,
      passwordHash: await passwordHash,
      activated: true,
      ...values,
    })
    .returning();
  if (roles.length > 0) await db.insert(userRoles).values(roles.map((role) => ({ userId: user!.id, role })));
  return user!;
}

/**
 * A bearer token of a session past its second factor, made directly in the database: for tests of
 * what a signed-in user may do. Tests of signing in itself go through `loginAs`.
 */
export async function tokenFor(db: Db, user: { id: number }): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: user.id,
    stage: 'active',
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return token;
}

/** A user with the roles given and a signed-in token. */
export async function makeSignedIn(db: Db, opts: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(db, opts);
  return { user, token: await tokenFor(db, user) };
}
