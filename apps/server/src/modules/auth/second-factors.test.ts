import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SECOND_FACTOR, SECOND_FACTOR_MESSAGES as M } from '@portal/shared';
import { devMessages, mailOutbox, passkeys, recoveryCodes, totpFactors } from '../../db/schema/index.js';
import { auth, buildTestApp, DEMO_PASSWORD, lastCodeTo, login, type TestApp } from '../../test/helpers.js';
import { makeSignedIn, makeUser } from '../../test/factories/users.js';
import { enableApp, totpCode } from '../../test/factories/second-factors.js';
import { decryptSecret } from './totp.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(() => t.close());

const post = (url: string, token: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: auth(token), payload: payload as object });
const verifyApp = (token: string, code: string) => post('/api/twofactor/app/verify', token, { code });
const verifyRecovery = (token: string, code: string) => post('/api/twofactor/recovery/verify', token, { code });

async function pending(email: string) {
  const res = await login(t, email, DEMO_PASSWORD);
  expect(res.statusCode).toBe(200);
  return res.json<{
    token: string;
    tf_type: string;
    recovery_codes?: boolean;
    code_fallback?: boolean;
    two_factor_required: boolean;
  }>();
}

const securityMails = async (to: string) =>
  (
    await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, 'security')))
  ).map((m) => m.subject);

describe('authenticator app: enrolment', () => {
  it('shows a QR code drawn here and the secret, stores the secret encrypted, and turns on with a code', async () => {
    const { user, token } = await makeSignedIn(t.database.db);
    const setup = await post('/api/twofactor/app/setup', token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr } = setup.json<{ secret: string; otpauth_url: string; qr: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Members%20Portal:/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const [row] = await t.database.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row!.secretEnc).not.toContain(secret);
    expect(decryptSecret(t.config.secret, row!.secretEnc)).toBe(secret);
    expect(() => decryptSecret('another-secret-another-secret-another-secret', row!.secretEnc)).toThrow();
    expect(row!.confirmedAt).toBeNull();

    // Not in force before it is confirmed.
    expect((await pending(user.email)).tf_type).toBe('email');

    const wrong = await post('/api/twofactor/app/confirm', token, {
      code: '000000' === (await totpCode(secret)) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(MESSAGES.twoFactorInvalid);
    expect((await post('/api/twofactor/app/confirm', token, { code: '12345' })).json().message).toBe(
      M.appCodeSixDigits,
    );

    const ok = await post('/api/twofactor/app/confirm', token, { code: await totpCode(secret) });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(SECOND_FACTOR.recoveryCodeCount);
    expect(new Set(codes).size).toBe(SECOND_FACTOR.recoveryCodeCount);
    expect(codes.every((c) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(c))).toBe(true);
    // Stored hashed.
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(stored.some((s) => codes.some((c) => s.codeHash.includes(c.replace('-', ''))))).toBe(false);

    expect(await securityMails(user.email)).toEqual([
      'Members Portal: An authenticator app was set up for your account',
    ]);
    const status = await t.app.inject({ method: 'GET', url: '/api/twofactor/factors', headers: auth(token) });
    expect(status.json()).toEqual({ app: true, code_fallback: true, passkeys: [], recovery_codes_left: 10 });

    // A second set-up is refused while one is on.
    expect((await post('/api/twofactor/app/setup', token)).json().message).toBe(M.appAlreadyEnabled);
  });

  it('needs a signed-in token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/twofactor/app/setup' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/twofactor/factors' })).statusCode).toBe(401);
  });
});

describe('authenticator app: sign-in', () => {
  it("asks for the app's code first, sends no code, and signs in with it once", async () => {
    const { user, token } = await makeSignedIn(t.database.db);
    const { secret } = await enableApp(t, token);
    const mailsBefore = (await t.database.db.select().from(devMessages).where(eq(devMessages.to, user.email))).length;
    const first = await pending(user.email);
    expect(first).toMatchObject({ tf_type: 'app', two_factor_required: true, recovery_codes: true });
    expect((await t.database.db.select().from(devMessages).where(eq(devMessages.to, user.email))).length).toBe(
      mailsBefore,
    );

    // The pending token opens nothing else.
    expect((await t.app.inject({ method: 'GET', url: '/api/activeuser', headers: auth(first.token) })).statusCode).toBe(
      401,
    );
    const code = await totpCode(secret);
    const ok = await verifyApp(first.token, code);
    expect(ok.statusCode).toBe(200);
    const signedIn = ok.json<{ token: string }>().token;
    expect((await t.app.inject({ method: 'GET', url: '/api/activeuser', headers: auth(signedIn) })).statusCode).toBe(
      200,
    );

    // The same code again, in a new sign-in: refused.
    const second = await pending(user.email);
    const replay = await verifyApp(second.token, code);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toBe(MESSAGES.twoFactorInvalid);
  });

  it('takes one step of clock drift either way, not two', async () => {
    const { user, token } = await makeSignedIn(t.database.db);
    const { secret } = await enableApp(t, token);
    // The set-up used the step before; a code two steps behind is refused.
    expect((await verifyApp((await pending(user.email)).token, await totpCode(secret, -2))).statusCode).toBe(422);
    expect((await verifyApp((await pending(user.email)).token, await totpCode(secret, 0))).statusCode).toBe(200);
    expect((await verifyApp((await pending(user.email)).token, await totpCode(secret, 1))).statusCode).toBe(200);
    // Once a later step was used, the earlier one is spent too.
    expect((await verifyApp((await pending(user.email)).token, await totpCode(secret, 0))).statusCode).toBe(422);
    expect((await verifyApp((await pending(user.email)).token, await totpCode(secret, 2))).statusCode).toBe(422);
  });

  it("'Send a code by email instead' still works, and so does a remembered browser", async () => {
    const { user, token } = await makeSignedIn(t.database.db);
    const { secret } = await enableApp(t, token);
    const p = await pending(user.email);
    const send = await t.app.inject({
      method: 'GET',
      url: '/api/twofactor/send2faCodeOnEmail',
      headers: auth(p.token),
    });
    expect(send.statusCode).toBe(200);
    const verify = await post('/api/twofactor/verify', p.token, { code: await lastCodeTo(t, user.email) });
    expect(verify.statusCode).toBe(200);

    const again = await pending(user.email);
    const remembered = await t.app.inject({
      method: 'POST',
      url: '/api/twofactor/app/verify',
      headers: auth(again.token),
      payload: { code: await totpCode(secret), remember_me: true },
    });
    expect(remembered.statusCode).toBe(200);
    const cookie = remembered.cookies.find((c) => c.name === 'remember_me')!;
    const next = await login(t, user.email, DEMO_PASSWORD, { remember_me: cookie.value });
    expect(next.json()).toMatchObject({ two_factor_required: false });
  });

  it('a signed-in token cannot use the sign-in step', async () => {
    const { token } = await makeSignedIn(t.database.db);
    expect((await verifyApp(token, '123456')).statusCode).toBe(400);
  });

  it('removing the app goes back to the emailed code and mails the user', async () => {
    const { user, token } = await makeSignedIn(t.database.db);
    await enableApp(t, token);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/twofactor/app', headers: auth(token) });
    expect(removed.json().message).toBe(M.appRemoved);
    expect((await pending(user.email)).tf_type).toBe('email');
    expect(await securityMails(user.email)).toContain(
      'Members Portal: The authenticator app was removed from your account',
    );
    expect((await t.app.inject({ method: 'DELETE', url: '/api/twofactor/app', headers: auth(token) })).statusCode).toBe(
      404,
    );
  });
});

describe('recovery codes', () => {
  it('each works once in place of the second factor, and the user is told', async () => {
    const { user, token } = await makeSignedIn(t.database.db);
    const { recoveryCodes: codes } = await enableApp(t, token);
    const ok = await verifyRecovery((await pending(user.email)).token, codes[0]!.toUpperCase());
    expect(ok.statusCode).toBe(200);
    const again = await verifyRecovery((await pending(user.email)).token, codes[0]!);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MESSAGES.twoFactorInvalid);
    expect(await securityMails(user.email)).toContain(
      'Members Portal: A recovery code was used to sign in to your account',
    );
    const status = await t.app.inject({ method: 'GET', url: '/api/twofactor/factors', headers: auth(token) });
    expect(status.json().recovery_codes_left).toBe(9);
  });

  it('new codes replace the old ones; none without an app or passkey', async () => {
    const { user, token } = await makeSignedIn(t.database.db);
    expect((await post('/api/twofactor/recovery-codes', token)).json().message).toBe(M.recoveryNeedsFactor);
    const { recoveryCodes: old } = await enableApp(t, token);
    const fresh = await post('/api/twofactor/recovery-codes', token);
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect((await verifyRecovery((await pending(user.email)).token, old[1]!)).statusCode).toBe(422);
    expect((await verifyRecovery((await pending(user.email)).token, codes[1]!)).statusCode).toBe(200);
    expect(await securityMails(user.email)).toContain('Members Portal: New recovery codes were made for your account');
  });
});

describe("an admin's reset of a user's second factors", () => {
  async function userWithFactors(roles: ('AR' | 'TA' | 'LA' | 'CM')[]) {
    const { user, token } = await makeSignedIn(t.database.db, { roles });
    await enableApp(t, token);
    await t.database.db
      .insert(passkeys)
      .values({ id: `cred-${user.id}`, userId: user.id, name: 'Laptop', publicKey: 'x' });
    return user;
  }
  const reset = (id: number, token: string) => post(`/api/admin/users/${id}/second-factors/reset`, token);
  const remaining = async (userId: number) => ({
    app: (await t.database.db.select().from(totpFactors).where(eq(totpFactors.userId, userId))).length,
    passkeys: (await t.database.db.select().from(passkeys).where(eq(passkeys.userId, userId))).length,
    codes: (await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))).length,
  });

  it("SYSADMIN resets a non-assessor's; the user is mailed and signs in with the emailed code again", async () => {
    const admin = await makeSignedIn(t.database.db, { roles: ['SYSADMIN'] });
    const user = await userWithFactors(['AR']);
    const res = await reset(user.id, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.factorsReset);
    expect(await remaining(user.id)).toEqual({ app: 0, passkeys: 0, codes: 0 });
    expect(await securityMails(user.email)).toContain(
      'Members Portal: An administrator removed the authenticator app, passkeys and recovery codes of your account',
    );
    expect((await pending(user.email)).tf_type).toBe('email');
  });

  it("TA_ADMIN resets an assessor's; each admin is refused the other's users; others and none 404", async () => {
    const sys = await makeSignedIn(t.database.db, { roles: ['SYSADMIN'] });
    const ta = await makeSignedIn(t.database.db, { roles: ['TA_ADMIN'] });
    const ar = await makeSignedIn(t.database.db, { roles: ['AR'] });
    const assessor = await userWithFactors(['TA']);
    const member = await userWithFactors(['CM']);
    expect((await reset(assessor.id, sys.token)).statusCode).toBe(403);
    expect((await reset(member.id, ta.token)).statusCode).toBe(404);
    // Not an admin: a user is no record of theirs (as a request is not), 404.
    expect((await reset(assessor.id, ar.token)).statusCode).toBe(404);
    expect(await remaining(assessor.id)).toEqual({ app: 1, passkeys: 1, codes: 10 });
    expect((await reset(assessor.id, ta.token)).statusCode).toBe(200);
    expect(await remaining(assessor.id)).toEqual({ app: 0, passkeys: 0, codes: 0 });
    expect((await reset(2_000_000, sys.token)).statusCode).toBe(404);
  });

  it('needs a signed-in token', async () => {
    const user = await makeUser(t.database.db);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/second-factors/reset` })).statusCode,
    ).toBe(401);
  });
});

describe('the policy against code fallback (SECOND_FACTOR_CODE_FALLBACK=false)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await buildTestApp({ SECOND_FACTOR_CODE_FALLBACK: 'false' }, { seed: false });
  });
  afterAll(() => strict.close());

  it('keeps emailed and texted codes from users with an app, and only from them', async () => {
    const { user, token } = await makeSignedIn(strict.database.db);
    await enableApp(strict, token);
    const p = await login(strict, user.email, DEMO_PASSWORD);
    expect(p.json()).toMatchObject({ tf_type: 'app', code_fallback: false });
    for (const url of ['/api/twofactor/send2faCodeOnEmail', '/api/twofactor/sendSms']) {
      const send = await strict.app.inject({ method: 'GET', url, headers: auth(p.json().token) });
      expect(send.statusCode, url).toBe(403);
      expect(send.json().message).toBe(M.codeFallbackOff);
    }
    const mails = await strict.database.db.select().from(devMessages).where(eq(devMessages.to, user.email));
    expect(mails.filter((m) => m.subject.includes('verification code'))).toHaveLength(0);

    // A user without an app signs in with the emailed code as ever.
    const plain = await makeUser(strict.database.db);
    const q = await login(strict, plain.email, DEMO_PASSWORD);
    expect(q.json()).toMatchObject({ tf_type: 'email' });
    const verify = await strict.app.inject({
      method: 'POST',
      url: '/api/twofactor/verify',
      headers: auth(q.json().token),
      payload: { code: await lastCodeTo(strict, plain.email) },
    });
    expect(verify.statusCode).toBe(200);
  });

  it("the user's own switch: no code instead of the app once turned off, back on with the switch or without the app", async () => {
    const { user, token } = await makeSignedIn(t.database.db);
    const put = (enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/twofactor/app/code-fallback',
        headers: auth(token),
        payload: { enabled },
      });
    // Without an app there is nothing to fall back from.
    expect((await put(false)).json().message).toBe(M.codeFallbackNeedsApp);
    await enableApp(t, token);
    expect((await put(false)).json().message).toBe(M.codeFallbackOffDone);
    const factors = await t.app.inject({ method: 'GET', url: '/api/twofactor/factors', headers: auth(token) });
    expect(factors.json()).toMatchObject({ app: true, code_fallback: false });
    expect(await securityMails(user.email)).toContain(
      'Members Portal: Codes by email or SMS were turned off for your sign-in',
    );

    const p = await pending(user.email);
    expect(p).toMatchObject({ tf_type: 'app', code_fallback: false });
    const send = await t.app.inject({
      method: 'GET',
      url: '/api/twofactor/send2faCodeOnEmail',
      headers: auth(p.token),
    });
    expect(send.statusCode).toBe(403);
    expect(send.json().message).toBe(M.codeFallbackOff);

    expect((await put(true)).statusCode).toBe(200);
    expect(await pending(user.email)).toMatchObject({ code_fallback: true });
    expect((await put(false)).statusCode).toBe(200);
    // Removing the app brings the emailed code back (the switch goes with the app).
    await t.app.inject({ method: 'DELETE', url: '/api/twofactor/app', headers: auth(token) });
    expect(await pending(user.email)).toMatchObject({ tf_type: 'email' });
  });

  it('offers the fallback by default', async () => {
    const { user, token } = await makeSignedIn(t.database.db);
    await enableApp(t, token);
    expect((await login(t, user.email, DEMO_PASSWORD)).json()).toMatchObject({ tf_type: 'app', code_fallback: true });
  });
});
