import { generateKeyPairSync } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR, SECOND_FACTOR_MESSAGES as M } from '@portal/shared';
import { mailOutbox, passkeys, users, webauthnChallenges } from '../../db/schema/index.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { SoftAuthenticator } from '../../test/webauthn.js';

/** Passkeys against a software authenticator made in the test (test/webauthn.ts), on PGlite and PostgreSQL. */

let t: TestApp;
const RP = 'portal.test';
const ORIGIN = 'http://portal.test';

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(() => t.close());

interface Options {
  challenge_id: string;
  options: {
    challenge: string;
    user: { id: string };
    rp: { id: string; name: string };
    authenticatorSelection: Record<string, string>;
  };
}

async function registrationOptions(token: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/twofactor/passkeys/options', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json<Options>();
}

const addPasskey = (token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/twofactor/passkeys', headers: auth(token), payload: payload as object });

async function enrol(token: string, authenticator: SoftAuthenticator, name = 'Work laptop') {
  const { challenge_id, options } = await registrationOptions(token);
  const res = await addPasskey(token, { challenge_id, name, response: authenticator.register(options) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ message: string; recovery_codes: string[] }>();
}

async function signInOptions() {
  const res = await t.app.inject({ method: 'POST', url: '/api/passkey-login/options' });
  expect(res.statusCode).toBe(200);
  return res.json<{ challenge_id: string; options: { challenge: string; rpId: string; userVerification: string } }>();
}

const signIn = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/passkey-login', payload: payload as object });

describe('passkeys: registration', () => {
  it('asks for a discoverable credential with user verification, for the relying party of APP_URL, and keeps it', async () => {
    const { user, token } = await makeSignedIn(t.database.db);
    const { challenge_id, options } = await registrationOptions(token);
    expect(options.rp).toEqual({ id: RP, name: 'Members Portal' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const key = new SoftAuthenticator(RP, ORIGIN);
    const res = await addPasskey(token, { challenge_id, name: 'Work laptop', response: key.register(options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.passkeyAdded);
    expect(res.json().recovery_codes).toHaveLength(SECOND_FACTOR.recoveryCodeCount);

    const list = await t.app.inject({ method: 'GET', url: '/api/twofactor/factors', headers: auth(token) });
    expect(list.json().passkeys).toEqual([
      { id: key.id, name: 'Work laptop', created_at: expect.any(String), last_used_at: null },
    ]);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.kind, 'security')));
    expect(mails.map((m) => m.subject)).toEqual([
      "Members Portal: A passkey was added to your account ('Work laptop')",
    ]);

    // A second passkey keeps the recovery codes the user has.
    const second = await enrol(token, new SoftAuthenticator(RP, ORIGIN), 'Phone');
    expect(second.recovery_codes).toEqual([]);
  });

  it("uses a challenge once, refuses another origin, another user's challenge and a passkey without user verification", async () => {
    const { token } = await makeSignedIn(t.database.db);
    const other = await makeSignedIn(t.database.db);
    const key = new SoftAuthenticator(RP, ORIGIN);
    const { challenge_id, options } = await registrationOptions(token);
    expect(
      (
        await addPasskey(token, { challenge_id, name: 'Evil', response: key.register(options, 'http://evil.test') })
      ).json().message,
    ).toBe(M.passkeyRegisterFailed);
    // The challenge was used by that try.
    expect((await addPasskey(token, { challenge_id, name: 'Again', response: key.register(options) })).statusCode).toBe(
      400,
    );

    const theirs = await registrationOptions(other.token);
    expect(
      (
        await addPasskey(token, {
          challenge_id: theirs.challenge_id,
          name: 'Theirs',
          response: key.register(theirs.options),
        })
      ).statusCode,
    ).toBe(400);

    const noUv = new SoftAuthenticator(RP, ORIGIN);
    noUv.userVerified = false;
    const fresh = await registrationOptions(token);
    expect(
      (
        await addPasskey(token, {
          challenge_id: fresh.challenge_id,
          name: 'No UV',
          response: noUv.register(fresh.options),
        })
      ).statusCode,
    ).toBe(400);

    // An expired challenge is refused.
    const late = await registrationOptions(token);
    await t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(webauthnChallenges.id, late.challenge_id));
    expect(
      (await addPasskey(token, { challenge_id: late.challenge_id, name: 'Late', response: key.register(late.options) }))
        .statusCode,
    ).toBe(400);
    expect((await t.database.db.select().from(passkeys).where(eq(passkeys.id, key.id))).length).toBe(0);
  });

  it('a name is needed', async () => {
    const { token } = await makeSignedIn(t.database.db);
    const { challenge_id, options } = await registrationOptions(token);
    const res = await addPasskey(token, {
      challenge_id,
      name: '  ',
      response: new SoftAuthenticator(RP, ORIGIN).register(options),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.passkeyNameRequired);
  });
});

describe('passkeys: sign-in', () => {
  it('a passkey with user verification is both factors: signed in at once, last use recorded', async () => {
    const { user, token } = await makeSignedIn(t.database.db, { roles: ['AR'] });
    const key = new SoftAuthenticator(RP, ORIGIN);
    await enrol(token, key);
    const { challenge_id, options } = await signInOptions();
    expect(options).toMatchObject({ rpId: RP, userVerification: 'required' });
    const res = await signIn({ challenge_id, response: key.authenticate(options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ two_factor_required: false, user: { id: user.id }, permissions: ['AR'] });
    const active = await t.app.inject({ method: 'GET', url: '/api/activeuser', headers: auth(res.json().token) });
    expect(active.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, key.id));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(row!.counter).toBe(1);
  });

  it('refuses a replayed challenge, a counter that did not go up, a wrong signature, another origin, an unknown passkey, a deactivated user', async () => {
    const { user, token } = await makeSignedIn(t.database.db);
    const key = new SoftAuthenticator(RP, ORIGIN);
    await enrol(token, key);
    const failed = { statusCode: 401, message: M.passkeySignInFailed };
    const answer = (r: { statusCode: number; json(): { message: string } }) => ({
      statusCode: r.statusCode,
      message: r.json().message,
    });

    const first = await signInOptions();
    const response = key.authenticate(first.options);
    expect((await signIn({ challenge_id: first.challenge_id, response })).statusCode).toBe(200);
    // The same answer again: the challenge is gone.
    expect(answer(await signIn({ challenge_id: first.challenge_id, response }))).toEqual(failed);

    // A cloned authenticator that reports the counter already seen.
    const again = await signInOptions();
    key.counter = 0;
    expect(
      answer(await signIn({ challenge_id: again.challenge_id, response: key.authenticate(again.options) })),
    ).toEqual(failed);
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, key.id));
    expect(row!.counter).toBe(1);
    key.counter = 5;

    const forged = await signInOptions();
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expect(
      answer(
        await signIn({
          challenge_id: forged.challenge_id,
          response: key.authenticate(forged.options, { key: otherKey }),
        }),
      ),
    ).toEqual(failed);

    const phished = await signInOptions();
    expect(
      answer(
        await signIn({
          challenge_id: phished.challenge_id,
          response: key.authenticate(phished.options, { origin: 'http://portal.test.evil.test' }),
        }),
      ),
    ).toEqual(failed);

    const unknown = await signInOptions();
    expect(
      answer(
        await signIn({
          challenge_id: unknown.challenge_id,
          response: new SoftAuthenticator(RP, ORIGIN).authenticate(unknown.options),
        }),
      ),
    ).toEqual(failed);

    await t.database.db.update(users).set({ activated: false }).where(eq(users.id, user.id));
    const off = await signInOptions();
    expect((await signIn({ challenge_id: off.challenge_id, response: key.authenticate(off.options) })).statusCode).toBe(
      401,
    );
    await t.database.db.update(users).set({ activated: true }).where(eq(users.id, user.id));

    const ok = await signInOptions();
    expect((await signIn({ challenge_id: ok.challenge_id, response: key.authenticate(ok.options) })).statusCode).toBe(
      200,
    );
  });

  it('an assertion without user verification is refused', async () => {
    const { token } = await makeSignedIn(t.database.db);
    const key = new SoftAuthenticator(RP, ORIGIN);
    await enrol(token, key);
    key.userVerified = false;
    const { challenge_id, options } = await signInOptions();
    expect((await signIn({ challenge_id, response: key.authenticate(options) })).statusCode).toBe(401);
    key.userVerified = true;
    const again = await signInOptions();
    expect(
      (await signIn({ challenge_id: again.challenge_id, response: key.authenticate(again.options) })).statusCode,
    ).toBe(200);
  });

  it('20 sign-ins at once with one answer: exactly one gets in; 20 answers with one counter value on 20 challenges: exactly one', async () => {
    const { token } = await makeSignedIn(t.database.db);
    const key = new SoftAuthenticator(RP, ORIGIN);
    await enrol(token, key);
    const { challenge_id, options } = await signInOptions();
    const response = key.authenticate(options);
    const same = await Promise.all(Array.from({ length: 20 }, () => signIn({ challenge_id, response })));
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);

    const challenges = await Promise.all(Array.from({ length: 20 }, () => signInOptions()));
    const answers = challenges.map((c) => {
      key.counter = 10; // each reports counter 11
      return { challenge_id: c.challenge_id, response: key.authenticate(c.options) };
    });
    const raced = await Promise.all(answers.map((a) => signIn(a)));
    expect(raced.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it("rename: the owner's only, with a name of the passkey name's rules", async () => {
    const { token } = await makeSignedIn(t.database.db);
    const other = await makeSignedIn(t.database.db);
    const key = new SoftAuthenticator(RP, ORIGIN);
    await enrol(token, key, 'Desk key');
    const rename = (tk: string, name: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/twofactor/passkeys/${key.id}`,
        headers: auth(tk),
        payload: { name },
      });
    expect((await rename(other.token, 'Mine now')).statusCode).toBe(404);
    const blank = await rename(token, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toEqual([M.passkeyNameRequired]);
    expect((await rename(token, 'Phone')).json().message).toBe(M.passkeyRenamed);
    const factors = await t.app.inject({ method: 'GET', url: '/api/twofactor/factors', headers: auth(token) });
    expect(factors.json().passkeys.map((p: { name: string }) => p.name)).toEqual(['Phone']);
  });

  it("remove: the owner's only; the user is mailed", async () => {
    const { user, token } = await makeSignedIn(t.database.db);
    const other = await makeSignedIn(t.database.db);
    const key = new SoftAuthenticator(RP, ORIGIN);
    await enrol(token, key, 'Desk key');
    const del = (tk: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/twofactor/passkeys/${key.id}`, headers: auth(tk) });
    expect((await del(other.token)).statusCode).toBe(404);
    expect((await del(token)).json().message).toBe(M.passkeyRemoved);
    expect((await del(token)).statusCode).toBe(404);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.kind, 'security')));
    expect(mails.map((m) => m.subject)).toContain(
      "Members Portal: A passkey was removed from your account ('Desk key')",
    );
    const { challenge_id, options } = await signInOptions();
    expect((await signIn({ challenge_id, response: key.authenticate(options) })).statusCode).toBe(401);
  });
});
