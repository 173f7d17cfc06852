import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SIGN_IN_LIMITS, TWO_FACTOR, type Role } from '@portal/shared';
import { twoFactorCodes, users } from '../../db/schema/index.js';
import { makeCommittee } from '../../test/factories/committees.js';
import { makeUser } from '../../test/factories/users.js';
import { auth, buildTestApp, lastCodeTo, lastMessageTo, login, loginAs, type TestApp } from '../../test/helpers.js';
import { createActivationLink } from './auth.service.js';

let t: TestApp;
beforeAll(async () => {
  // No demo data: the people this file signs in as are its own (with the factories' password).
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  const person = (email: string, roles: Role[]) => makeUser(db, { email, roles });
  const [cm, multi] = [await person('cm@portal.test', ['CM']), await person('multi@portal.test', ['AR', 'TA', 'CM'])];
  for (const [email, roles] of [
    ['admin', ['SYSADMIN']],
    ['taadmin', ['TA_ADMIN']],
    ['ar', ['AR']],
    ['ta', ['TA']],
    ['la', ['LA', 'TA']],
  ] as const)
    await person(`${email}@portal.test`, [...roles]);
  // cm is in two committees and administers the first; multi is in the second.
  await makeCommittee(db, { name: 'Chemical Testing Committee', admin: cm });
  await makeCommittee(db, { name: 'Biological Testing Committee', members: [{ user: cm }, { user: multi }] });
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const post = (url: string, payload: object, token?: string, extra: { cookies?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? auth(token) : {}, ...extra });

async function pendingToken(email: string, cookies?: Record<string, string>) {
  const res = await login(t, email, undefined, cookies);
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string; two_factor_required: boolean }>();
}

function rememberCookieOf(res: { cookies: { name: string; value: string; httpOnly?: boolean; maxAge?: number }[] }) {
  return res.cookies.find((c) => c.name === 'remember_me');
}

describe('POST /api/login', () => {
  it('answers only what the two-factor screen needs, and emails a code; the profile comes after the code', async () => {
    const res = await login(t, 'cm@portal.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Before the second factor: no profile, committees or phone number (issue 63, item 6).
    expect(Object.keys(body).sort()).toEqual(
      [
        '2fa_setup',
        'permissions',
        'recovery_codes',
        'remind_2fa',
        'sent_to',
        'tf_type',
        'token',
        'two_factor_required',
      ].sort(),
    );
    expect(body).toMatchObject({
      two_factor_required: true,
      tf_type: 'email',
      remind_2fa: true,
      sent_to: 'c***@portal.test',
      permissions: ['CM'],
      '2fa_setup': { completed: false },
    });
    expect(body['2fa_setup']).toEqual({ completed: false });
    expect(typeof body.token).toBe('string');
    const code = await lastCodeTo(t, 'cm@portal.test');
    expect(code).toMatch(/^\d{4}$/);
    expect((await get('/api/activeuser', body.token)).statusCode).toBe(401);

    const verified = await post('/api/twofactor/verify', { code }, body.token);
    expect(verified.statusCode).toBe(200);
    const me = (await get('/api/activeuser', verified.json().token)).json();
    expect(me).toMatchObject({
      permissions: ['CM'],
      user: { email: 'cm@portal.test', roles: [{ id: 5, name: 'CM' }], activated: 1 },
      '2fa_setup': { tf_mobile_number: null, completed: false },
    });
    expect(me.committees).toHaveLength(2);
    const chem = me.committees.find((c: { name: string }) => c.name === 'Chemical Testing Committee');
    expect(chem.admin).toBe(true);
    expect(me.committeePermissions[String(chem.id)]).toBe(1);
  });

  it('refuses bad input with the spec messages', async () => {
    const res = await post('/api/login', { username: 'not-an-email', password: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      username: [MESSAGES.loginUsernameEmail],
      password: [MESSAGES.loginPasswordMin],
    });
    const empty = await post('/api/login', { username: '', password: '' });
    expect(empty.json().errors.username).toEqual([MESSAGES.loginUsernameRequired]);
    expect(empty.json().errors.password).toEqual([MESSAGES.loginPasswordRequired]);
    const missing = await post('/api/login', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: MESSAGES.loginUsernameRequired,
      errors: { username: [MESSAGES.loginUsernameRequired], password: [MESSAGES.loginPasswordRequired] },
    });
  });

  it('gives one answer for a wrong password and an unknown account', async () => {
    const wrong = await login(t, 'ta@portal.test', 'wrong-password');
    const unknown = await login(t, 'nobody@portal.test', 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: MESSAGES.loginFailed });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('locks an account after too many failures, even for the right password', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) {
      expect((await login(t, 'la@portal.test', 'wrong-password')).statusCode).toBe(401);
    }
    const res = await login(t, 'la@portal.test');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.loginFailed);
    // Another account from the same address still signs in.
    expect((await login(t, 'ta@portal.test')).statusCode).toBe(200);
  });

  it('limits failures per address across accounts', async () => {
    const from = { remoteAddress: '10.9.9.9' };
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: `x${i}@portal.test`, password: 'wrong-password' },
        ...from,
      });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ar@portal.test', password: 'portal-demo' },
      ...from,
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a deactivated account with the same message', async () => {
    await t.database.db.update(users).set({ activated: false }).where(eq(users.email, 'taadmin@portal.test'));
    const res = await login(t, 'taadmin@portal.test');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.loginFailed);
    await t.database.db.update(users).set({ activated: true }).where(eq(users.email, 'taadmin@portal.test'));
  });
});

describe('second factor', () => {
  it('a pending token opens only the two-factor calls', async () => {
    const { token } = await pendingToken('ar@portal.test');
    const me = await get('/api/activeuser', token);
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe(MESSAGES.twoFactorPendingOnly);
    expect((await get('/api/notifications', token)).statusCode).toBe(401);
    expect(
      (await post('/api/change-password', { oldPassword: 'portal-demo', newPassword: 'another-one' }, token))
        .statusCode,
    ).toBe(401);
    expect((await post('/api/twofactor/manageRemind', { remind_me: true }, token)).statusCode).toBe(200);
  });

  it('verifies the emailed code, swaps the token and ends the pending one', async () => {
    const { token } = await pendingToken('ar@portal.test');
    const res = await post('/api/twofactor/verify', { code: await lastCodeTo(t, 'ar@portal.test') }, token);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token;
    expect(fresh).not.toBe(token);
    expect((await get('/api/activeuser', fresh)).json().user.email).toBe('ar@portal.test');
    expect((await get('/api/activeuser', token)).statusCode).toBe(401);
    expect(rememberCookieOf(res)).toBeUndefined();
  });

  it('refuses a wrong code, and a sixth try fails even when right', async () => {
    const { token } = await pendingToken('ta@portal.test');
    const code = await lastCodeTo(t, 'ta@portal.test');
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < TWO_FACTOR.maxWrongTries; i++) {
      const res = await post('/api/twofactor/verify', { code: wrong }, token);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MESSAGES.twoFactorInvalid);
    }
    const right = await post('/api/twofactor/verify', { code }, token);
    expect(right.statusCode).toBe(422);
    expect(right.json().message).toBe(MESSAGES.twoFactorInvalid);
  });

  it('refuses an expired code', async () => {
    const { token } = await pendingToken('ta@portal.test');
    const code = await lastCodeTo(t, 'ta@portal.test');
    await t.database.db.update(twoFactorCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post('/api/twofactor/verify', { code }, token);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.twoFactorInvalid);
  });

  it('refuses a code that is not 4 digits', async () => {
    const { token } = await pendingToken('ta@portal.test');
    const res = await post('/api/twofactor/verify', { code: '12a' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.codeFourDigits);
  });

  it('resends no more than once in 30 seconds; the new code replaces the old', async () => {
    const { token } = await pendingToken('ta@portal.test');
    const first = await lastCodeTo(t, 'ta@portal.test');
    const tooSoon = await get('/api/twofactor/send2faCodeOnEmail', token);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe(MESSAGES.twoFactorResendTooSoon);
    await t.database.db.update(twoFactorCodes).set({ sentAt: new Date(Date.now() - 31_000) });
    expect((await get('/api/twofactor/send2faCodeOnEmail', token)).statusCode).toBe(200);
    const second = await lastCodeTo(t, 'ta@portal.test');
    if (first !== second) {
      expect((await post('/api/twofactor/verify', { code: first }, token)).statusCode).toBe(422);
    }
    expect((await post('/api/twofactor/verify', { code: second }, token)).statusCode).toBe(200);
  });

  it('cannot send by SMS before SMS is set up', async () => {
    const { token } = await pendingToken('ta@portal.test');
    const res = await get('/api/twofactor/sendSms', token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.twoFactorSendFailed);
  });

  it('the two-factor calls need a token', async () => {
    expect((await post('/api/twofactor/verify', { code: '1234' })).statusCode).toBe(401);
    expect((await get('/api/twofactor/sendSms')).statusCode).toBe(401);
    expect((await get('/api/twofactor/send2faCodeOnEmail')).statusCode).toBe(401);
    expect((await post('/api/twofactor/manageRemind', { remind_me: false })).statusCode).toBe(401);
    expect((await post('/api/twofactor/send2fasetupcode', { data: '+61412345678' })).statusCode).toBe(401);
  });

  it('remember-me skips the code for 15 days on that device only', async () => {
    const { token } = await pendingToken('multi@portal.test');
    const res = await post(
      '/api/twofactor/verify',
      { code: await lastCodeTo(t, 'multi@portal.test'), remember_me: true },
      token,
    );
    const cookie = rememberCookieOf(res);
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.maxAge).toBe(TWO_FACTOR.rememberMeDays * 24 * 3600);

    const again = await login(t, 'multi@portal.test', undefined, { remember_me: cookie!.value });
    expect(again.json().two_factor_required).toBe(false);
    expect((await get('/api/activeuser', again.json().token)).statusCode).toBe(200);

    // Another account with this cookie, or a forged cookie, still needs the code.
    expect(
      (await login(t, 'cm@portal.test', undefined, { remember_me: cookie!.value })).json().two_factor_required,
    ).toBe(true);
    const forged = cookie!.value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await login(t, 'multi@portal.test', undefined, { remember_me: forged })).json().two_factor_required).toBe(
      true,
    );
  });

  it('do not remind turns the SMS reminder off', async () => {
    const p = await pendingToken('ar@portal.test');
    expect((await post('/api/twofactor/manageRemind', { remind_me: false }, p.token)).statusCode).toBe(200);
    expect((await login(t, 'ar@portal.test')).json().remind_2fa).toBe(false);
  });

  it('sets up SMS: checks the number, texts a code, and later codes go by SMS', async () => {
    const token = await loginAs(t, 'ta@portal.test');
    const bad = await post('/api/twofactor/send2fasetupcode', { data: '0412345678' }, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.mobileInvalid);
    expect((await post('/api/twofactor/send2fasetupcode', { data: '+61498765432' }, token)).statusCode).toBe(200);
    const sms = await lastMessageTo(t, '+61498765432');
    expect(sms?.kind).toBe('sms');
    const wrong = await post('/api/twofactor/verify', { code: sms!.text.includes('0000') ? '1111' : '0000' }, token);
    expect(wrong.json().message).toBe(MESSAGES.twoFactorInvalid);
    const ok = await post('/api/twofactor/verify', { code: await lastCodeTo(t, '+61498765432') }, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MESSAGES.twoFactorEnabled);
    expect((await get('/api/activeuser', token)).json()['2fa_setup']).toEqual({
      tf_mobile_number: '+61498765432',
      completed: true,
    });
    // Once on, it stays on.
    const again = await post('/api/twofactor/send2fasetupcode', { data: '+61498765432' }, token);
    expect(again.json().message).toBe(MESSAGES.twoFactorAlreadyEnabled);

    const next = await login(t, 'ta@portal.test');
    expect(next.json()).toMatchObject({ tf_type: 'sms', remind_2fa: false, sent_to: '+6149****432' });
    const verify = await post(
      '/api/twofactor/verify',
      { code: await lastCodeTo(t, '+61498765432') },
      next.json().token,
    );
    expect(verify.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /api/activeuser needs a valid token', async () => {
    expect((await get('/api/activeuser')).statusCode).toBe(401);
    expect((await get('/api/activeuser', 'garbage')).json()).toEqual({ message: MESSAGES.unauthenticated });
  });

  it('logout ends the token on the server', async () => {
    const token = await loginAs(t, 'cm@portal.test');
    expect((await get('/api/logout', token)).statusCode).toBe(200);
    expect((await get('/api/activeuser', token)).statusCode).toBe(401);
    expect((await get('/api/logout')).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('reset answers the same for unknown emails and mails a signed link that works once', async () => {
    const known = await post('/api/user-requests-reset-password', { email: 'cm@portal.test' });
    const unknown = await post('/api/user-requests-reset-password', { email: 'ghost@portal.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect((await post('/api/user-requests-reset-password', { email: 'nope' })).json().message).toBe(
      MESSAGES.forgotEmailInvalid,
    );

    let mail = null;
    for (let i = 0; i < 50 && !mail?.subject.includes('reset'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      mail = await lastMessageTo(t, 'cm@portal.test');
    }
    const link = new URL(mail!.text.match(/http\S+/)![0]);
    const url = link.searchParams.get('url')!;
    const signature = link.searchParams.get('signature')!;
    expect(link.pathname).toBe('/reset-password-first-access');

    const tampered = await post(`${url}x&signature=${signature}`, { password: 'brand-new-pw' });
    expect(tampered.statusCode).toBe(400);
    const weak = await post(`${url}&signature=${signature}`, { password: 'a b c d' });
    expect(weak.json().message).toBe(MESSAGES.passwordRuleSixNoSpaces);
    const ok = await post(`${url}&signature=${signature}`, { password: 'brand-new-pw' });
    expect(ok.json()).toEqual({ message: MESSAGES.passwordUpdated });
    const twice = await post(`${url}&signature=${signature}`, { password: 'brand-new-pw2' });
    expect(twice.json().message).toBe(MESSAGES.resetLinkInvalid);

    expect((await login(t, 'cm@portal.test')).statusCode).toBe(401);
    expect((await login(t, 'cm@portal.test', 'brand-new-pw')).statusCode).toBe(200);
  });

  it('activation sets the password once, for the right user name', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ email: 'new@portal.test', firstName: 'New', lastName: 'Person' })
      .returning();
    const link = new URL(await createActivationLink(t.app.deps, user!.id, user!.email));
    const token = link.searchParams.get('token')!;
    const body = { token, username: 'new@portal.test', password: 'first-pass', password_confirmation: 'first-pass' };
    const mismatch = await post('/api/activation', { ...body, password_confirmation: 'other-pass' });
    expect(mismatch.json().message).toBe(MESSAGES.passwordsDoNotMatch);
    expect((await post('/api/activation', { ...body, username: 'ar@portal.test' })).json().message).toBe(
      MESSAGES.activationInvalid,
    );
    expect((await post('/api/activation', body)).json().message).toBe(MESSAGES.activationDone);
    expect((await post('/api/activation', body)).statusCode).toBe(400);
    expect((await login(t, 'new@portal.test', 'first-pass')).statusCode).toBe(200);
  });

  it('change password checks the old one and the rules, and ends other sessions', async () => {
    const token = await loginAs(t, 'admin@portal.test');
    const other = await loginAs(t, 'admin@portal.test');
    const same = await post('/api/change-password', { oldPassword: 'portal-demo', newPassword: 'portal-demo' }, token);
    expect(same.json().message).toBe(MESSAGES.newPasswordSameAsOld);
    const space = await post('/api/change-password', { oldPassword: 'portal-demo', newPassword: 'has space' }, token);
    expect(space.json().message).toBe(MESSAGES.newPasswordSpace);
    const short = await post('/api/change-password', { oldPassword: 'portal-demo', newPassword: 'abc' }, token);
    expect(short.json().message).toBe(MESSAGES.newPasswordMin);
    const wrongOld = await post(
      '/api/change-password',
      { oldPassword: 'not-the-one', newPassword: 'fresh-pass' },
      token,
    );
    expect(wrongOld.statusCode).toBe(422);
    expect(wrongOld.json().message).toBe(MESSAGES.oldPasswordWrong);
    expect(
      (await post('/api/change-password', { oldPassword: 'portal-demo', newPassword: 'fresh-pass' })).statusCode,
    ).toBe(401);

    const ok = await post('/api/change-password', { oldPassword: 'portal-demo', newPassword: 'fresh-pass' }, token);
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/activeuser', token)).statusCode).toBe(200);
    expect((await get('/api/activeuser', other)).statusCode).toBe(401);
    expect((await login(t, 'admin@portal.test', 'fresh-pass')).statusCode).toBe(200);
  });

  it('mails the registration form on request', async () => {
    const res = await post('/api/register/request-form', { email: 'prospect@example.org' });
    expect(res.json().message).toBe(MESSAGES.registrationFormSent);
    expect((await lastMessageTo(t, 'prospect@example.org'))?.text).toContain('http://portal.test/register');
  });
});
