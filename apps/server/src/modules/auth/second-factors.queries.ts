import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { managerOf } from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { passkeys, recoveryCodes, totpFactors, users, webauthnChallenges } from '../../db/schema/index.js';
import { rolesOfUser } from '../../platform/policy.js';
import { extend } from '../../platform/objects.js';

type Q = Db | Tx;

/** What the second step of a sign-in may offer besides the spec's codes: one statement. */
export async function secondStepOf(
  db: Q,
  userId: number,
): Promise<{ app: boolean; codeFallback: boolean; recoveryCodes: boolean }> {
  const [row] = await db
    .select({
      app: sql<boolean>`exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null)`,
      codeFallback: sql<boolean>`not exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null and not ${totpFactors.codeFallback})`,
      recoveryCodes: sql<boolean>`exists (select 1 from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(sql`(select 1) as one`);
  return {
    app: Boolean(row?.app),
    codeFallback: row?.codeFallback !== false,
    recoveryCodes: Boolean(row?.recoveryCodes),
  };
}

export async function findTotp(db: Q, userId: number) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row ?? null;
}

/** Starts (or starts again) an app's set-up: an unconfirmed secret; a confirmed one is left alone. */
export async function upsertPendingTotp(db: Q, userId: number, secretEnc: string): Promise<boolean> {
  const rows = await db
    .insert(totpFactors)
    .values({ userId, secretEnc })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretEnc, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

/**
 * Takes the code of `step` in one statement: raises the stored last step to it only when it is
 * newer, so a code (or an older one) is accepted once, also under parallel requests. `confirm`
 * also turns the app on (its set-up); otherwise the app must already be on.
 */
export async function takeTotpStep(db: Q, userId: number, step: number, confirm: boolean): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastStep: step, ...(confirm ? { confirmedAt: sql`now()` } : {}) })
    .where(
      and(
        eq(totpFactors.userId, userId),
        confirm ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
        or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

/** The user's switch on a confirmed app; false when they have none. */
export async function setCodeFallback(db: Q, userId: number, enabled: boolean): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ codeFallback: enabled })
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

export async function deleteTotp(db: Q, userId: number): Promise<boolean> {
  const rows = await db
    .delete(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Q, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length > 0) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export const deleteRecoveryCodes = (db: Q, userId: number) =>
  db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));

/** Uses one recovery code in one statement; false when it is wrong or already used (by a parallel request too). */
export async function useRecoveryCode(db: Q, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countRecoveryCodesLeft(db: Q, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

// ---- passkeys

export function findPasskeysOf(db: Q, userId: number) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function findPasskey(db: Q, id: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
  return row ?? null;
}

/** Adds a passkey; call it under the user's row lock after counting theirs (the service does). */
export async function insertPasskey(db: Q, values: typeof passkeys.$inferInsert): Promise<boolean> {
  const rows = await db.insert(passkeys).values(values).onConflictDoNothing().returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function countPasskeysOf(db: Q, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Records a use of a passkey in one statement: the new counter must be above the stored one (or
 * both zero, for authenticators that keep none), so a cloned authenticator's replayed or older
 * counter is refused, also when two uses race.
 */
export async function usePasskey(db: Q, id: string, newCounter: number): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(passkeys.id, id),
        or(lt(passkeys.counter, newCounter), and(eq(passkeys.counter, 0), sql`${newCounter} = 0`)),
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Renames one of the user's passkeys; false when it is not theirs (or not there). */
export async function renamePasskey(db: Q, userId: number, id: string, name: string): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function deletePasskey(db: Q, userId: number, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export const deletePasskeysOf = (db: Q, userId: number) => db.delete(passkeys).where(eq(passkeys.userId, userId));

// ---- WebAuthn challenges

export async function insertChallenge(db: Q, values: typeof webauthnChallenges.$inferInsert) {
  const [row] = await db.insert(webauthnChallenges).values(values).returning({ id: webauthnChallenges.id });
  return row!.id;
}

/** Takes a challenge once: deleted and answered in one statement while unexpired (a second use finds none). */
export async function consumeChallenge(db: Q, id: string, purpose: 'register' | 'authenticate', userId: number | null) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

/** Housekeeping: challenges nobody answered. */
export const deleteExpiredChallenges = (db: Q) =>
  db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));

// ---- the admin reset

/** Which admin role decides a user's reset (`managerOf` every role they hold); null for a missing or deleted user. */
export async function findResetTarget(db: Q, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, roles: rolesOfUser })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ? extend(row, { handler: managerOf(row.roles) }) : null;
}
