import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { isRole, type Role } from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  committeeMembers,
  committees,
  oneTimeLinks,
  rememberTokens,
  sessions,
  signInFailures,
  twoFactorCodes,
  userRoles,
  users,
} from '../../db/schema/index.js';

type Q = Db | Tx;

export async function findUserByEmail(db: Q, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user ?? null;
}

export async function findUserById(db: Q, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function findRolesOf(db: Q, userId: number): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role).filter(isRole);
}

export function findCommitteesOf(db: Q, userId: number) {
  return db
    .select({ id: committees.id, name: committees.name, adminId: committees.adminId, canWrite: committeeMembers.canWrite })
    .from(committeeMembers)
    .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
    .where(eq(committeeMembers.userId, userId))
    .orderBy(committees.name);
}

export async function insertSession(
  db: Q,
  values: { tokenHash: string; userId: number; stage: 'pending' | 'active'; expiresAt: Date; ip?: string; userAgent?: string },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export const deleteSession = (db: Q, id: string) => db.delete(sessions).where(eq(sessions.id, id));

export const deleteOtherSessions = (db: Q, userId: number, keepId: string) =>
  db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)));

export const deleteSessionsOfUser = (db: Q, userId: number) => db.delete(sessions).where(eq(sessions.userId, userId));

export async function insertCode(db: Q, values: typeof twoFactorCodes.$inferInsert) {
  const [row] = await db.insert(twoFactorCodes).values(values).returning();
  return row!;
}

/** The newest code of a sign-in (by session) or of a set-up (by user). */
export async function findLatestCode(db: Q, by: { sessionId: string } | { userId: number; purpose: 'setup' }) {
  const where =
    'sessionId' in by
      ? eq(twoFactorCodes.sessionId, by.sessionId)
      : and(eq(twoFactorCodes.userId, by.userId), eq(twoFactorCodes.purpose, by.purpose));
  const [row] = await db.select().from(twoFactorCodes).where(where).orderBy(desc(twoFactorCodes.sentAt)).limit(1);
  return row ?? null;
}

export async function countCodesOfSession(db: Q, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorCodes)
    .where(eq(twoFactorCodes.sessionId, sessionId));
  return row?.n ?? 0;
}

/** Counts a wrong try atomically and answers the new count, so parallel guesses cannot exceed the limit. */
export async function addCodeAttempt(db: Q, id: string): Promise<number> {
  const [row] = await db
    .update(twoFactorCodes)
    .set({ attempts: sql`${twoFactorCodes.attempts} + 1` })
    .where(eq(twoFactorCodes.id, id))
    .returning({ attempts: twoFactorCodes.attempts });
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
}

/** Marks a code used; false when another request used it first. */
export async function useCode(db: Q, id: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorCodes.id, id), isNull(twoFactorCodes.usedAt)))
    .returning({ id: twoFactorCodes.id });
  return rows.length === 1;
}

export async function insertRememberToken(db: Q, values: typeof rememberTokens.$inferInsert) {
  const [row] = await db.insert(rememberTokens).values(values).returning();
  return row!;
}

export async function findValidRememberToken(db: Q, id: string, userId: number) {
  const [row] = await db
    .select()
    .from(rememberTokens)
    .where(
      and(
        eq(rememberTokens.id, id),
        eq(rememberTokens.userId, userId),
        isNull(rememberTokens.revokedAt),
        gt(rememberTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

export const revokeRememberTokensOfUser = (db: Q, userId: number) =>
  db
    .update(rememberTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(rememberTokens.userId, userId), isNull(rememberTokens.revokedAt)));

export async function findFailures(db: Q, key: string) {
  const [row] = await db.select().from(signInFailures).where(eq(signInFailures.key, key)).limit(1);
  return row ?? null;
}

/** Adds one failure, starting a new window when the old one is over. */
export async function addFailure(db: Q, key: string, windowStart: Date) {
  await db
    .insert(signInFailures)
    .values({ key, count: 1 })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        count: sql`case when ${signInFailures.windowStart} < ${windowStart.toISOString()}::timestamptz then 1 else ${signInFailures.count} + 1 end`,
        windowStart: sql`case when ${signInFailures.windowStart} < ${windowStart.toISOString()}::timestamptz then now() else ${signInFailures.windowStart} end`,
      },
    });
}

export const clearFailures = (db: Q, key: string) => db.delete(signInFailures).where(eq(signInFailures.key, key));

export const updateUser = (db: Q, id: number, values: Partial<typeof users.$inferInsert>) =>
  db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));

export async function insertLink(db: Q, values: typeof oneTimeLinks.$inferInsert) {
  await db.insert(oneTimeLinks).values(values);
}

/** Uses a link once: answers its row when it was valid and unused, and marks it used. */
export async function consumeLink(db: Q, tokenHash: string, purpose: 'reset' | 'activation') {
  const [row] = await db
    .update(oneTimeLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeLinks.tokenHash, tokenHash),
        eq(oneTimeLinks.purpose, purpose),
        isNull(oneTimeLinks.usedAt),
        gt(oneTimeLinks.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}
