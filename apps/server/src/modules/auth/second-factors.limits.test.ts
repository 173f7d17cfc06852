import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_GUESS_BUDGET, MESSAGES, SECOND_FACTOR } from '@portal/shared';
import { devMessages, limitCounters, sessions } from '../../db/schema/index.js';
import { sha256 } from '../../platform/tokens.js';
import { auth, buildTestApp, DEMO_PASSWORD, login, type TestApp } from '../../test/helpers.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { enableApp, totpCode } from '../../test/factories/second-factors.js';

/**
 * The app's and recovery codes under real parallel requests (Promise.all), on PGlite and
 * PostgreSQL: at most 5 wrong codes judged per sign-in, the account's budget across sign-ins shared
 * with the emailed codes, each code accepted once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(() => t.close());

const verify = (kind: 'app' | 'recovery', token: string, code: string) =>
  t.app.inject({ method: 'POST', url: `/api/twofactor/${kind}/verify`, headers: auth(token), payload: { code } });

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

const counter = async (key: string) =>
  (await t.database.db.select().from(limitCounters).where(eq(limitCounters.key, key)))[0]?.count ?? 0;

async function pending(email: string) {
  const res = await login(t, email, DEMO_PASSWORD);
  expect(res.json().tf_type).toBe('app');
  const token = res.json<{ token: string }>().token;
  const [session] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));
  return { token, sessionId: session!.id };
}

async function userWithApp() {
  const { user, token } = await makeSignedIn(t.database.db);
  return { user, ...(await enableApp(t, token)) };
}

/** A wrong app code: any 6 digits that are none of the three accepted steps. */
async function wrongCodes(secret: string, n: number): Promise<string[]> {
  const right = new Set(await Promise.all([-1, 0, 1].map((s) => totpCode(secret, s))));
  const codes: string[] = [];
  for (let i = 0; codes.length < n; i++) {
    const c = String(100_000 + i * 7919).slice(-6);
    if (!right.has(c)) codes.push(c);
  }
  return codes;
}

describe('app codes under parallel tries', () => {
  it.each([20, 200])('%i at once on one sign-in, the right code last: refused, exactly 5 judged', async (n) => {
    const { user, secret } = await userWithApp();
    const { token, sessionId } = await pending(user.email);
    const wrong = await wrongCodes(secret, n - 1);
    const right = await totpCode(secret);
    const responses = await Promise.all(
      Array.from({ length: n }, (_, i) => verify('app', token, i === n - 1 ? right : wrong[i]!)),
    );
    expect(statuses(responses)).toEqual({ 422: n });
    expect(responses.every((r) => r.json().message === MESSAGES.twoFactorInvalid)).toBe(true);
    expect(await counter(`second-factor:${sessionId}`)).toBe(n);
    // Only the 5 judged tries reached the account's budget.
    expect(await counter(`code-guess:${user.id}`)).toBe(SECOND_FACTOR.maxWrongPerSignIn);
    // The right code after them is refused too.
    expect((await verify('app', token, right)).statusCode).toBe(422);
  });

  it('30 at once, all the right code: exactly one signs in', async () => {
    const { user, secret } = await userWithApp();
    const { token } = await pending(user.email);
    const code = await totpCode(secret);
    const responses = await Promise.all(Array.from({ length: 30 }, () => verify('app', token, code)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('the same right code on 20 sign-ins at once: exactly one gets in', async () => {
    const { user, secret } = await userWithApp();
    const signIns = [];
    for (let i = 0; i < 20; i++) signIns.push(await pending(user.email));
    const code = await totpCode(secret);
    const responses = await Promise.all(signIns.map((s) => verify('app', s.token, code)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it("20 wrong codes at once over 4 sign-ins: the account's 10 are judged, 10 refused; then even the right code waits; the owner is mailed once", async () => {
    const { user, secret } = await userWithApp();
    const signIns = [];
    for (let i = 0; i < 4; i++) signIns.push(await pending(user.email));
    const wrong = await wrongCodes(secret, 20);
    const responses = await Promise.all(
      signIns.flatMap((s, j) => wrong.slice(j * 5, j * 5 + 5).map((c) => verify('app', s.token, c))),
    );
    expect(statuses(responses)).toEqual({ 422: CODE_GUESS_BUDGET.perAccount, 429: 20 - CODE_GUESS_BUDGET.perAccount });
    const fifth = await pending(user.email);
    const right = await verify('app', fifth.token, await totpCode(secret));
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(MESSAGES.codeGuessBudgetSpent);
    const mails = await t.database.db.select().from(devMessages).where(eq(devMessages.to, user.email));
    expect(mails.filter((m) => m.subject.includes('sign-in paused'))).toHaveLength(1);

    // Once the hour is over, the right code works again.
    await t.database.db
      .update(limitCounters)
      .set({ windowStart: sql`now() - interval '61 minutes'` })
      .where(eq(limitCounters.key, `code-guess:${user.id}`));
    const later = await pending(user.email);
    expect((await verify('app', later.token, await totpCode(secret))).statusCode).toBe(200);
  });
});

describe('recovery codes under parallel tries', () => {
  it('one code on 20 sign-ins at once: exactly one gets in', async () => {
    const { user, recoveryCodes } = await userWithApp();
    const signIns = [];
    for (let i = 0; i < 20; i++) signIns.push(await pending(user.email));
    const responses = await Promise.all(signIns.map((s) => verify('recovery', s.token, recoveryCodes[0]!)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it.each([20, 200])(
    '%i wrong codes at once on one sign-in, a right one last: refused, exactly 5 judged',
    async (n) => {
      const { user, recoveryCodes } = await userWithApp();
      const { token, sessionId } = await pending(user.email);
      const responses = await Promise.all(
        Array.from({ length: n }, (_, i) => verify('recovery', token, i === n - 1 ? recoveryCodes[0]! : `wrong-${i}`)),
      );
      expect(statuses(responses)).toEqual({ 422: n });
      expect(await counter(`second-factor:${sessionId}`)).toBe(n);
      expect(await counter(`code-guess:${user.id}`)).toBe(SECOND_FACTOR.maxWrongPerSignIn);
    },
  );
});
