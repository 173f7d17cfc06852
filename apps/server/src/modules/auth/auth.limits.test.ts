import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_GUESS_BUDGET, MAIL_LIMITS, MESSAGES, SIGN_IN_LIMITS, TWO_FACTOR } from '@portal/shared';
import { devMessages, limitCounters, oneTimeLinks, twoFactorCodes, users } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/passwords.js';
import { auth, buildTestApp, lastCodeTo, type TestApp } from '../../test/helpers.js';
import { createActivationLink, endAccessOf } from './auth.service.js';

/** What the admin's deactivation does to the account (users.service setActivated), in one transaction. */
const deactivateUser = (deps: TestApp['app']['deps'], userId: number) =>
  deps.db.transaction(async (tx) => {
    await tx.update(users).set({ activated: false }).where(eq(users.id, userId));
    await endAccessOf(tx, userId, { links: true });
  });

/**
 * Every limit is hit with real parallel requests
 * (Promise.all) and the exact number that get through is asserted, on PGlite and PostgreSQL.
 */

const PASSWORD = 'right-password';
let t: TestApp;
let passwordHash: string;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());

/** A fresh active account of its own, so tests do not share counters. */
async function newUser(name = 'user') {
  const email = `${name}-${++seq}@limits.test`;
  const [user] = await t.database.db
    .insert(users)
    .values({ email, firstName: 'Lim', lastName: 'Its', passwordHash })
    .returning();
  return user!;
}

const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

function loginFrom(address: string, username: string, password: string, cookies?: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: address,
    cookies,
  });
}

const verify = (token: string, code: string, rememberMe = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/twofactor/verify',
    headers: auth(token),
    payload: { code, remember_me: rememberMe },
  });

const counter = async (key: string) =>
  (await t.database.db.select().from(limitCounters).where(eq(limitCounters.key, key)))[0]?.count ?? 0;

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

async function pendingSignIn(email: string, address = '127.0.0.1') {
  const res = await loginFrom(address, email, PASSWORD);
  expect(res.statusCode).toBe(200);
  return { token: res.json<{ token: string }>().token, code: await lastCodeTo(t, email) };
}

const otherCode = (code: string, i: number) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0');

describe('account lockout under parallel sign-ins', () => {
  it.each([20, 200])(
    '%i at once, wrong passwords then the right one last: none gets in, each try is counted',
    async (n) => {
      const user = await newUser();
      // Each from its own address, so only the per-account limit is at work.
      const tries = Array.from({ length: n }, (_, i) =>
        loginFrom(ip(1000 * n + i), user.email, i === n - 1 ? PASSWORD : `wrong-${i}-pw`),
      );
      const responses = await Promise.all(tries);
      expect(statuses(responses)).toEqual({ 401: n });
      expect(responses.every((r) => r.json().message === MESSAGES.loginFailed)).toBe(true);
      expect(await counter(`login-account:${user.email}`)).toBe(n);
      // Still locked for the window.
      expect((await loginFrom('127.0.0.9', user.email, PASSWORD)).statusCode).toBe(401);
    },
  );

  it('the right password among the first tries of a burst gets in; past the limit it does not', async () => {
    const user = await newUser();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount - 1; i++) {
      expect((await loginFrom('127.0.1.1', user.email, 'wrong-pw-1')).statusCode).toBe(401);
    }
    // The 5th try is the right one: in. It starts the count again.
    expect((await loginFrom('127.0.1.1', user.email, PASSWORD)).statusCode).toBe(200);
    expect(await counter(`login-account:${user.email}`)).toBe(0);
  });

  // The per-address limit is 20, so the bursts are 40 and 200. "Last" is the order sent: with 10
  // database connections, the last try's count is at least n - 10, well past the limit.
  it.each([2 * SIGN_IN_LIMITS.perAddress, 200])(
    '%i at once from one address to different accounts, the right one last: it does not get in',
    async (n) => {
      const address = ip(900_000 + n);
      const target = await newUser();
      const tries = Array.from({ length: n }, (_, i) =>
        i === n - 1
          ? loginFrom(address, target.email, PASSWORD)
          : loginFrom(address, `nobody-${n}-${i}@limits.test`, 'wrong-password'),
      );
      const responses = await Promise.all(tries);
      expect(statuses(responses)).toEqual({ 401: n });
      expect(await counter(`login-address:${address}`)).toBe(n);
    },
  );
});

describe('second-factor tries under parallel verifies', () => {
  it('30 at once on one waiting token, the right code last: refused, exactly 5 tries taken', async () => {
    const user = await newUser();
    const { token, code } = await pendingSignIn(user.email);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => verify(token, i === 29 ? code : otherCode(code, i))),
    );
    expect(statuses(responses)).toEqual({ 422: 30 });
    expect(responses.every((r) => r.json().message === MESSAGES.twoFactorInvalid)).toBe(true);
    const [row] = await t.database.db.select().from(twoFactorCodes).where(eq(twoFactorCodes.userId, user.id));
    expect(row!.attempts).toBe(TWO_FACTOR.maxWrongTries);
    expect(row!.usedAt).toBeNull();
    // The right code after the 5th try is refused too.
    expect((await verify(token, code)).statusCode).toBe(422);
  });

  it('30 at once, all the right code: exactly one signs in', async () => {
    const user = await newUser();
    const { token, code } = await pendingSignIn(user.email);
    const responses = await Promise.all(Array.from({ length: 30 }, () => verify(token, code)));
    // The winner swaps the pending token, so later ones may find it gone (401); none but one gets 200.
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});

describe('code resends under parallel requests', () => {
  it('20 resends at once once the wait is over: exactly one code is sent', async () => {
    const user = await newUser();
    const { token } = await pendingSignIn(user.email);
    // The first code is older than the resend wait, so exactly one resend may pass.
    await t.database.db
      .update(twoFactorCodes)
      .set({ sentAt: sql`now() - interval '60 seconds'` })
      .where(eq(twoFactorCodes.userId, user.id));
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'GET', url: '/api/twofactor/send2faCodeOnEmail', headers: auth(token) }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 429: 19 });
    const codes = await t.database.db.select().from(twoFactorCodes).where(eq(twoFactorCodes.userId, user.id));
    expect(codes).toHaveLength(2);
  });
});

describe('per-account budget of wrong codes across sign-ins', () => {
  it('20 wrong codes at once over 4 sign-ins: 10 are judged, 10 refused; then even the right code waits; the owner is mailed once', async () => {
    const user = await newUser();
    const signIns = [];
    for (let i = 0; i < 4; i++) signIns.push(await pendingSignIn(user.email));
    const guesses = signIns.flatMap((s) =>
      Array.from({ length: TWO_FACTOR.maxWrongTries }, (_, i) => verify(s.token, otherCode(s.code, i))),
    );
    const responses = await Promise.all(guesses);
    expect(statuses(responses)).toEqual({ 422: CODE_GUESS_BUDGET.perAccount, 429: 20 - CODE_GUESS_BUDGET.perAccount });
    expect(
      responses.filter((r) => r.statusCode === 429).every((r) => r.json().message === MESSAGES.codeGuessBudgetSpent),
    ).toBe(true);

    // A fifth sign-in with the password: the right code is refused while the account waits.
    const fifth = await pendingSignIn(user.email);
    const right = await verify(fifth.token, fifth.code);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(MESSAGES.codeGuessBudgetSpent);

    const mails = await t.database.db.select().from(devMessages).where(eq(devMessages.to, user.email));
    expect(mails.filter((m) => m.subject.includes('sign-in paused'))).toHaveLength(1);

    // Once the window is over, the right code works again.
    await t.database.db
      .update(limitCounters)
      .set({ windowStart: sql`now() - interval '61 minutes'` })
      .where(eq(limitCounters.key, `code-guess:${user.id}`));
    const later = await pendingSignIn(user.email);
    expect((await verify(later.token, later.code)).statusCode).toBe(200);
  });

  it('a right code does not spend the budget', async () => {
    const user = await newUser();
    for (let i = 0; i < CODE_GUESS_BUDGET.perAccount + 2; i++) {
      const s = await pendingSignIn(user.email);
      expect((await verify(s.token, s.code)).statusCode).toBe(200);
    }
  });
});

/** Reset links are mailed in the background: wait for the n-th one. */
async function resetLinks(email: string, n: number) {
  for (let i = 0; i < 100; i++) {
    const mails = await t.database.db
      .select()
      .from(devMessages)
      .where(eq(devMessages.to, email))
      .orderBy(devMessages.id);
    const links = mails.filter((m) => m.subject.includes('reset')).map((m) => new URL(m.text.match(/http\S+/)![0]));
    if (links.length >= n)
      return links.map((l) => ({ url: l.searchParams.get('url')!, signature: l.searchParams.get('signature')! }));
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${n} reset mails to ${email}`);
}

const askReset = (email: string, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user-requests-reset-password',
    payload: { email },
    remoteAddress: address,
  });
const useReset = (link: { url: string; signature: string }, password: string) =>
  t.app.inject({
    method: 'POST',
    url: `${link.url}&signature=${encodeURIComponent(link.signature)}`,
    payload: { password },
  });
const checkReset = (link: { url: string; signature: string }) => {
  const token = new URL(link.url, 'http://x').searchParams.get('token')!;
  return t.app.inject({
    method: 'GET',
    url: `/api/set-password/check?token=${token}&signature=${encodeURIComponent(link.signature)}`,
  });
};

describe('reset links', () => {
  it('with two outstanding, using one kills the other', async () => {
    const user = await newUser();
    await askReset(user.email, '127.0.2.1');
    await askReset(user.email, '127.0.2.1');
    const [first, second] = await resetLinks(user.email, 2);
    expect((await useReset(second!, 'second-new-pw')).statusCode).toBe(200);
    const old = await useReset(first!, 'first-new-pw');
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(MESSAGES.resetLinkInvalid);
    expect((await loginFrom('127.0.2.2', user.email, 'second-new-pw')).statusCode).toBe(200);
  });

  it('two outstanding links used at once, 10 times each: exactly one use succeeds', async () => {
    const user = await newUser();
    await askReset(user.email, '127.0.3.1');
    await askReset(user.email, '127.0.3.1');
    const [a, b] = await resetLinks(user.email, 2);
    const uses = Array.from({ length: 20 }, (_, i) => useReset(i % 2 ? a! : b!, `parallel-pw-${i}`));
    const responses = await Promise.all(uses);
    expect(statuses(responses)).toEqual({ 200: 1, 400: 19 });
  });

  it('the page can check a link before the user types: live, used, expired, forged', async () => {
    const user = await newUser();
    await askReset(user.email, '127.0.4.1');
    const [link] = await resetLinks(user.email, 1);
    const ok = await checkReset(link!);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MESSAGES.resetLinkValid);
    // Checking does not use the link.
    expect((await checkReset(link!)).statusCode).toBe(200);

    const forged = await checkReset({ ...link!, signature: `${link!.signature.slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(MESSAGES.resetLinkInvalid);
    const missing = await t.app.inject({ method: 'GET', url: '/api/set-password/check' });
    expect(missing.statusCode).toBe(400);

    await t.database.db
      .update(oneTimeLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeLinks.userId, user.id));
    expect((await checkReset(link!)).json().message).toBe(MESSAGES.resetLinkInvalid);
    await t.database.db
      .update(oneTimeLinks)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(oneTimeLinks.userId, user.id));

    expect((await useReset(link!, 'checked-new-pw')).statusCode).toBe(200);
    const used = await checkReset(link!);
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe(MESSAGES.resetLinkInvalid);
  });

  it('20 reset requests at once for one address from 20 senders: exactly 3 mails', async () => {
    const user = await newUser();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => askReset(user.email, ip(500_000 + i))));
    expect(statuses(responses)).toEqual({ 200: MAIL_LIMITS.resetPerTarget, 429: 20 - MAIL_LIMITS.resetPerTarget });
    await resetLinks(user.email, MAIL_LIMITS.resetPerTarget);
    await new Promise((r) => setTimeout(r, 200));
    expect(await resetLinks(user.email, 0)).toHaveLength(MAIL_LIMITS.resetPerTarget);
    // An unknown address is limited the same way, so the answer tells nothing.
    const ghost = await Promise.all(
      Array.from({ length: 20 }, (_, i) => askReset('ghost@limits.test', ip(510_000 + i))),
    );
    expect(statuses(ghost)).toEqual(statuses(responses));
  });

  it('20 reset requests at once from one sender to 20 addresses: exactly 10 answered', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => askReset(`someone-${i}@limits.test`, '127.0.5.1')),
    );
    expect(statuses(responses)).toEqual({ 200: MAIL_LIMITS.resetPerSender, 429: 20 - MAIL_LIMITS.resetPerSender });
  });
});

describe('registration-form mails', () => {
  const askForm = (email: string, address: string) =>
    t.app.inject({ method: 'POST', url: '/api/register/request-form', payload: { email }, remoteAddress: address });

  it('20 at once for one address from 20 senders: exactly 3 mails', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => askForm('prospect@limits.test', ip(600_000 + i))),
    );
    expect(statuses(responses)).toEqual({
      200: MAIL_LIMITS.registrationFormPerTarget,
      429: 20 - MAIL_LIMITS.registrationFormPerTarget,
    });
    const mails = await t.database.db.select().from(devMessages).where(eq(devMessages.to, 'prospect@limits.test'));
    expect(mails).toHaveLength(MAIL_LIMITS.registrationFormPerTarget);
  });

  it('20 at once from one sender to 20 addresses: exactly 10 mails', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => askForm(`prospect-${i}@limits.test`, '127.0.6.1')),
    );
    expect(statuses(responses)).toEqual({
      200: MAIL_LIMITS.registrationFormPerSender,
      429: 20 - MAIL_LIMITS.registrationFormPerSender,
    });
  });
});

describe('remember-me ends', () => {
  /** Signs in with remember-me from one browser and answers its cookie and token. */
  async function remember(email: string, userAgent = 'Browser A') {
    const { token, code } = await pendingSignIn(email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/twofactor/verify',
      headers: { ...auth(token), 'user-agent': userAgent },
      payload: { code, remember_me: true },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'remember_me')!.value;
    return { cookie, token: res.json<{ token: string }>().token };
  }
  const skipsCode = async (email: string, cookie: string) =>
    !(await loginFrom('127.0.7.1', email, PASSWORD, { remember_me: cookie })).json().two_factor_required;

  it('with logout of that browser only', async () => {
    const user = await newUser();
    const a = await remember(user.email, 'Browser A');
    const b = await remember(user.email, 'Browser B');
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: auth(a.token),
      cookies: { remember_me: a.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'remember_me')?.value).toBe('');
    expect(await skipsCode(user.email, a.cookie)).toBe(false);
    expect(await skipsCode(user.email, b.cookie)).toBe(true);
  });

  it('with a password change, on every browser', async () => {
    const user = await newUser();
    const a = await remember(user.email);
    const b = await remember(user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: auth(a.token),
      payload: { oldPassword: PASSWORD, newPassword: 'changed-password' },
    });
    expect(res.statusCode).toBe(200);
    await t.database.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    expect(await skipsCode(user.email, a.cookie)).toBe(false);
    expect(await skipsCode(user.email, b.cookie)).toBe(false);
  });

  it('with deactivation (and a later reactivation does not bring it back)', async () => {
    const user = await newUser();
    const a = await remember(user.email);
    await deactivateUser(t.app.deps, user.id);
    expect((await loginFrom('127.0.7.2', user.email, PASSWORD, { remember_me: a.cookie })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/activeuser', headers: auth(a.token) })).statusCode).toBe(
      401,
    );
    await t.database.db.update(users).set({ activated: true }).where(eq(users.id, user.id));
    expect(await skipsCode(user.email, a.cookie)).toBe(false);
  });

  it('lists remembered devices and forgets one; another user cannot forget it (404)', async () => {
    const user = await newUser();
    const a = await remember(user.email, 'Browser A');
    const b = await remember(user.email, 'Browser B');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/twofactor/devices',
      headers: auth(a.token),
      cookies: { remember_me: a.cookie },
    });
    expect(list.statusCode).toBe(200);
    const devices = list.json<{ id: string; user_agent: string; current: boolean }[]>();
    expect(devices.map((d) => [d.user_agent, d.current])).toEqual([
      ['Browser B', false],
      ['Browser A', true],
    ]);
    const idOfB = devices[0]!.id;

    const stranger = await newUser();
    const s = await remember(stranger.email);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/twofactor/devices/${idOfB}`,
      headers: auth(s.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await skipsCode(user.email, b.cookie)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/twofactor/devices' })).statusCode).toBe(401);

    const forget = await t.app.inject({
      method: 'DELETE',
      url: `/api/twofactor/devices/${idOfB}`,
      headers: auth(a.token),
    });
    expect(forget.statusCode).toBe(200);
    expect(forget.json().message).toBe(MESSAGES.deviceForgotten);
    expect(await skipsCode(user.email, b.cookie)).toBe(false);
    expect(await skipsCode(user.email, a.cookie)).toBe(true);
  });
});

describe('activation links of a deactivated user', () => {
  it('do nothing: no password set, the account stays off', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ email: `approved-${++seq}@limits.test`, firstName: 'A', lastName: 'P' })
      .returning();
    const link = new URL(await createActivationLink(t.app.deps, user!.id, user!.email));
    await deactivateUser(t.app.deps, user!.id);
    const body = {
      token: link.searchParams.get('token')!,
      username: user!.email,
      password: 'first-pass',
      password_confirmation: 'first-pass',
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/activation', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.activationInvalid);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user!.id));
    expect(after!.activated).toBe(false);
    expect(after!.passwordHash).toBeNull();
  });

  it('even a link made after the deactivation', async () => {
    const user = await newUser();
    await t.database.db.update(users).set({ activated: false }).where(eq(users.id, user.id));
    const link = new URL(await createActivationLink(t.app.deps, user.id, user.email));
    const body = {
      token: link.searchParams.get('token')!,
      username: user.email,
      password: 'other-pass',
      password_confirmation: 'other-pass',
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/activation', payload: body })).statusCode).toBe(400);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.activated).toBe(false);
    expect(after!.passwordHash).toBe(passwordHash);
  });
});
