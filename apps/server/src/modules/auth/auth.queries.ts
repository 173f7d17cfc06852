import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { isRole, type Role } from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  committeeMembers,
  committees,
  oneTimeLinks,
  rememberTokens,
  sessions,
  limitCounters,
  twoFactorCodes,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { extend } from '../../platform/objects.js';

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

/** The password hash alone: the actor never carries it, only changing a password needs it. */
export async function findPasswordHashOf(db: Q, id: number) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1);
  return row?.passwordHash ?? null;
}

export async function findRolesOf(db: Q, userId: number): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role).filter(isRole);
}

export function findCommitteesOf(db: Q, userId: number) {
  return db
    .select({
      id: committees.id,
      name: committees.name,
      adminId: committees.adminId,
      canWrite: committeeMembers.canWrite,
    })
    .from(committeeMembers)
    .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
    .where(eq(committeeMembers.userId, userId))
    .orderBy(committees.name);
}

export async function insertSession(
  db: Q,
  values: {
    tokenHash: string;
    userId: number;
    stage: 'pending' | 'active';
    expiresAt: Date;
    ip?: string;
    userAgent?: string;
  },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export const touchLastUsed = (db: Q, userId: number) =>
  db
    .update(users)
    .set({ lastUsed: sql`now()` })
    .where(eq(users.id, userId));

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

/**
 * Row locks held until the transaction ends: code sends of one sign-in (its session) or one set-up
 * (its user) queue behind each other, so each one's resend checks see the codes the others issued.
 */
export async function lockSession(tx: Tx, id: string) {
  await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, id)).for('update');
}

export async function lockUser(tx: Tx, id: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

export async function countCodesOfSession(db: Q, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorCodes)
    .where(eq(twoFactorCodes.sessionId, sessionId));
  return row?.n ?? 0;
}

/**
 * Takes one try of a code in one statement: counts it and answers the new count only while the code
 * is unused, unexpired and under the limit; null otherwise. Parallel tries cannot pass the limit,
 * because each one's count comes from the row it updated (the row lock orders them).
 */
export async function takeCodeTry(db: Q, id: string, maxTries: number): Promise<number | null> {
  const [row] = await db
    .update(twoFactorCodes)
    .set({ attempts: sql`${twoFactorCodes.attempts} + 1` })
    .where(
      and(
        eq(twoFactorCodes.id, id),
        isNull(twoFactorCodes.usedAt),
        gt(twoFactorCodes.expiresAt, sql`now()`),
        sql`${twoFactorCodes.attempts} < ${maxTries}`,
      ),
    )
    .returning({ attempts: twoFactorCodes.attempts });
  return row?.attempts ?? null;
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

/**
 * The remember-me row of a cookie, when it is the user's, unrevoked, unexpired and its secret's hash
 * matches; marks it used in the same statement.
 */
export async function useRememberToken(db: Q, id: string, userId: number, tokenHash: string) {
  const [row] = await db
    .update(rememberTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(rememberTokens.id, id),
        eq(rememberTokens.userId, userId),
        eq(rememberTokens.tokenHash, tokenHash),
        isNull(rememberTokens.revokedAt),
        gt(rememberTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: rememberTokens.id });
  return row ?? null;
}

export const revokeRememberTokensOfUser = (db: Q, userId: number) =>
  db
    .update(rememberTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(rememberTokens.userId, userId), isNull(rememberTokens.revokedAt)));

/** Revokes one remembered device of a user; false when it is not theirs or already gone. */
export async function revokeRememberToken(db: Q, userId: number, id: string): Promise<boolean> {
  const rows = await db
    .update(rememberTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(rememberTokens.id, id), eq(rememberTokens.userId, userId), isNull(rememberTokens.revokedAt)))
    .returning({ id: rememberTokens.id });
  return rows.length === 1;
}

/** The devices a user is remembered on, newest first. */
export function findRememberedDevices(db: Q, userId: number) {
  return db
    .select({
      id: rememberTokens.id,
      userAgent: rememberTokens.userAgent,
      createdAt: rememberTokens.createdAt,
      lastUsedAt: rememberTokens.lastUsedAt,
      expiresAt: rememberTokens.expiresAt,
    })
    .from(rememberTokens)
    .where(
      and(
        eq(rememberTokens.userId, userId),
        isNull(rememberTokens.revokedAt),
        gt(rememberTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(rememberTokens.createdAt));
}

/** Counting tries is shared with other areas' limits: platform/tries.ts. */
export { countTries } from '../../platform/tries.js';

/** Gives back one counted try (a right password or code is not a failure). */
export const uncountTry = (db: Q, key: string) =>
  db
    .update(limitCounters)
    .set({ count: sql`greatest(${limitCounters.count} - 1, 0)` })
    .where(eq(limitCounters.key, key));

export const clearTries = (db: Q, key: string) => db.delete(limitCounters).where(eq(limitCounters.key, key));

export const updateUser = (db: Q, id: number, values: Partial<typeof users.$inferInsert>) =>
  db
    .update(users)
    .set(extend(values, { updatedAt: new Date() }))
    .where(eq(users.id, id));

export async function insertLink(db: Q, values: typeof oneTimeLinks.$inferInsert) {
  await db.insert(oneTimeLinks).values(values);
}

/** The user an activation link names, whatever the link's state (the user name is checked against it first). */
export async function findUserByActivationLink(db: Q, tokenHash: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(oneTimeLinks)
    .innerJoin(users, eq(users.id, oneTimeLinks.userId))
    .where(and(eq(oneTimeLinks.tokenHash, tokenHash), eq(oneTimeLinks.purpose, 'activation')))
    .limit(1);
  return row ?? null;
}

const linkIsLive = and(isNull(oneTimeLinks.usedAt), gt(oneTimeLinks.expiresAt, sql`now()`));

/** A live link of a purpose, without using it (the reset page asks before the user types). */
export async function findLiveLink(db: Q, tokenHash: string, purpose: 'reset' | 'activation') {
  const [row] = await db
    .select({ userId: oneTimeLinks.userId })
    .from(oneTimeLinks)
    .innerJoin(users, eq(users.id, oneTimeLinks.userId))
    .where(
      and(
        eq(oneTimeLinks.tokenHash, tokenHash),
        eq(oneTimeLinks.purpose, purpose),
        linkIsLive,
        eq(users.activated, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Uses a link once, in one statement: when the link is live and its user active, marks it and every
 * other live link of the same user and purpose used, and answers the user id. Using one of two
 * outstanding reset links so kills the other; of two parallel uses, the second finds the rows already
 * marked (it waits on the first's row lock, then re-checks) and gets null. A deactivated user's link
 * does nothing.
 */
export async function consumeLink(
  db: Q,
  tokenHash: string,
  purpose: 'reset' | 'activation',
): Promise<{ userId: number } | null> {
  const owner = db
    .select({ userId: oneTimeLinks.userId })
    .from(oneTimeLinks)
    .innerJoin(users, eq(users.id, oneTimeLinks.userId))
    .where(
      and(
        eq(oneTimeLinks.tokenHash, tokenHash),
        eq(oneTimeLinks.purpose, purpose),
        linkIsLive,
        eq(users.activated, true),
      ),
    );
  const rows = await db
    .update(oneTimeLinks)
    .set({ usedAt: new Date() })
    .where(and(inArray(oneTimeLinks.userId, owner), eq(oneTimeLinks.purpose, purpose), isNull(oneTimeLinks.usedAt)))
    .returning({ tokenHash: oneTimeLinks.tokenHash, userId: oneTimeLinks.userId });
  const mine = rows.find((r) => r.tokenHash === tokenHash);
  return mine ? { userId: mine.userId } : null;
}

/** Ends every outstanding link of a user (deactivation, a new password). */
export const killLinksOfUser = (db: Q, userId: number, purpose?: 'reset' | 'activation') =>
  db
    .update(oneTimeLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeLinks.userId, userId),
        isNull(oneTimeLinks.usedAt),
        purpose ? eq(oneTimeLinks.purpose, purpose) : undefined,
      ),
    );

/** Whether the session's user proved who they are within `minutes` (signed in, or the password again). */
export async function authenticatedWithin(db: Q, sessionId: string, minutes: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.authenticatedAt, sql`now() - make_interval(mins => ${minutes}::int)`),
      ),
    );
  return Boolean(row);
}

export const markAuthenticated = (db: Q, sessionId: string) =>
  db
    .update(sessions)
    .set({ authenticatedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
