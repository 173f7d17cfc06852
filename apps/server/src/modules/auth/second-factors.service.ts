import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  CODE_GUESS_BUDGET,
  MESSAGES,
  PENDING_SESSION_TTL_MINUTES,
  PRODUCT_NAME,
  SECOND_FACTOR,
  SECOND_FACTOR_MESSAGES as M,
  type AuditAction,
  type PasskeyOptionsResponse,
  type RecoveryCodesResponse,
  type SecondFactorStatus,
} from '@portal/shared';
import type { Tx } from '../../db/client.js';
import { authorize } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import { recordAudit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, badRequest, notFound, tooManyRequests, unauthorized, unprocessable } from '../../platform/errors.js';
import { queueAddressMail } from '../../platform/outbox.js';
import { hmac } from '../../platform/tokens.js';
import * as aq from './auth.queries.js';
import {
  completeSignIn,
  endAccessOf,
  guessKey,
  mailCodeBudgetSpent,
  signInVerified,
  type ClientInfo,
} from './auth.service.js';
import * as q from './second-factors.queries.js';
import { decryptSecret, encryptSecret, matchingStep, newTotpSecret, provisioning } from './totp.js';

const MINUTE = 60_000;

let webAuthnLoading: Promise<typeof import('@simplewebauthn/server')> | undefined;
/**
 * The passkey library (with its certificate and ASN.1 parsers) loads at the first passkey call: it
 * was the largest part of what the server read at start and few requests need it (bench/README.md,
 * cold start).
 */
function webAuthn() {
  webAuthnLoading ??= import('@simplewebauthn/server');
  return webAuthnLoading;
}

// ---------------------------------------------------------------- mail

/**
 * Tells the user of every change to their second factors, queued in the mail outbox in the
 * transaction of the change (no unsubscribe: it is about the account's safety).
 */
async function mailFactorChange(deps: Deps, tx: Tx, to: string, what: string) {
  await queueAddressMail(tx, to, 'security', {
    subject: `${PRODUCT_NAME}: ${what}`,
    text:
      `${what}.\n\nYou can see your authenticator app, passkeys and recovery codes on your two-step verification page.\n\n` +
      'If this was not you, change your password and contact the administrators at once.',
    url: '/profile2fa',
  });
}

/**
 * A change of second factors: ends the account's other sessions and every remembered device (the
 * session that made the change stays, where it is the user's own), and tells the user. An admin's
 * reset keeps no session.
 */
async function factorsChanged(
  deps: Deps,
  tx: Tx,
  user: { id: number; email: string },
  what: string,
  keepSessionId?: string,
) {
  await endAccessOf(tx, user.id, { keepSessionId });
  await mailFactorChange(deps, tx, user.email, what);
}

/** A user's own change of their second factors: recorded on the audit trail, then as factorsChanged (this session stays). */
async function ownFactorsChanged(deps: Deps, tx: Tx, actor: Actor, action: AuditAction, what: string) {
  await recordAudit(tx, {
    action,
    who: actor.user,
    ip: deps.ip,
    record: { type: 'user', id: actor.user.id },
    after: { outcome: what },
  });
  await factorsChanged(deps, tx, actor.user, what, actor.sessionId);
}

// ---------------------------------------------------------------- recovery codes

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** xxxxx-xxxxx from 31 letters and digits (no 0/o, 1/l/i): about 50 bits each. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]!).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Keyed by APP_SECRET and the user: a copy of the table alone cannot be tried offline. */
const recoveryHash = (deps: Deps, userId: number, code: string) =>
  hmac(deps.config.secret, `recovery:${userId}:${code.replace(/[\s-]/g, '').toLowerCase()}`);

async function makeRecoveryCodes(deps: Deps, tx: Tx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: SECOND_FACTOR.recoveryCodeCount }, newRecoveryCode);
  await q.replaceRecoveryCodes(
    tx,
    userId,
    codes.map((c) => recoveryHash(deps, userId, c)),
  );
  return codes;
}

/** New codes when the user holds none unused (the first app or passkey); the ones they keep otherwise. */
async function firstRecoveryCodes(deps: Deps, tx: Tx, userId: number): Promise<string[]> {
  return (await q.countRecoveryCodesLeft(tx, userId)) > 0 ? [] : makeRecoveryCodes(deps, tx, userId);
}

// ---------------------------------------------------------------- the user's own factors

export async function status(deps: Deps, actor: Actor): Promise<SecondFactorStatus> {
  authorize(actor, 'auth.secondFactor.manage');
  const [totp, keys, left] = await Promise.all([
    q.findTotp(deps.db, actor.user.id),
    q.findPasskeysOf(deps.db, actor.user.id),
    q.countRecoveryCodesLeft(deps.db, actor.user.id),
  ]);
  return {
    app: Boolean(totp?.confirmedAt),
    code_fallback: totp?.confirmedAt ? totp.codeFallback : true,
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      created_at: k.createdAt.toISOString(),
      last_used_at: k.lastUsedAt?.toISOString() ?? null,
    })),
    recovery_codes_left: left,
  };
}

/** POST /twofactor/app/setup: a new secret, in force only once a code from the app confirms it. */
/**
 * Throws 403 (M.reauthRequired) unless the session signed in, or gave its
 * password again, within SECOND_FACTOR.reauthMinutes: the changes of second factors ask for it.
 */
async function requireRecentSignIn(deps: Deps, actor: Actor) {
  if (!(await aq.authenticatedWithin(deps.db, actor.sessionId, SECOND_FACTOR.reauthMinutes)))
    throw new AppError(403, M.reauthRequired);
}

export async function startApp(deps: Deps, actor: Actor) {
  authorize(actor, 'auth.secondFactor.manage');
  await requireRecentSignIn(deps, actor);
  const secret = await newTotpSecret();
  if (!(await q.upsertPendingTotp(deps.db, actor.user.id, encryptSecret(deps.config.secret, secret))))
    throw badRequest(M.appAlreadyEnabled);
  const { url, qr } = await provisioning(secret, actor.user.email);
  return { secret, otpauth_url: url, qr };
}

/** POST /twofactor/app/confirm: the first code turns the app on (and gives the first recovery codes). */
export async function confirmApp(deps: Deps, actor: Actor, code: string): Promise<RecoveryCodesResponse> {
  authorize(actor, 'auth.secondFactor.manage');
  const totp = await q.findTotp(deps.db, actor.user.id);
  if (!totp) throw badRequest(M.appNotStarted);
  if (totp.confirmedAt) throw badRequest(M.appAlreadyEnabled);
  const step = await matchingStep(decryptSecret(deps.config.secret, totp.secretEnc), code);
  if (step === null) throw unprocessable(MESSAGES.twoFactorInvalid);
  return deps.db.transaction(async (tx) => {
    if (!(await q.takeTotpStep(tx, actor.user.id, step, true))) throw unprocessable(MESSAGES.twoFactorInvalid);
    const codes = await firstRecoveryCodes(deps, tx, actor.user.id);
    await ownFactorsChanged(deps, tx, actor, 'auth.app.enable', 'An authenticator app was set up for your account');
    return { message: M.appEnabled, recovery_codes: codes };
  });
}

/** DELETE /twofactor/app: sign-in goes back to the emailed (or texted) code. */
export async function removeApp(deps: Deps, actor: Actor) {
  authorize(actor, 'auth.secondFactor.manage');
  await requireRecentSignIn(deps, actor);
  await deps.db.transaction(async (tx) => {
    const totp = await q.findTotp(tx, actor.user.id);
    if (!(await q.deleteTotp(tx, actor.user.id))) throw notFound();
    // An app whose set-up was never finished was no factor: nothing to tell.
    if (totp?.confirmedAt)
      await ownFactorsChanged(
        deps,
        tx,
        actor,
        'auth.app.remove',
        'The authenticator app was removed from your account',
      );
  });
  return { message: M.appRemoved };
}

/**
 * PUT /twofactor/app/code-fallback: whether the app's sign-in may still fall back to a code by email
 * or SMS. Only with a confirmed app (it goes with the app: removing the app brings the codes back);
 * recovery codes and passkeys stay the way back. The user is mailed, as for every change of factors.
 */
export async function setCodeFallback(deps: Deps, actor: Actor, enabled: boolean) {
  authorize(actor, 'auth.secondFactor.manage');
  await deps.db.transaction(async (tx) => {
    if (!(await q.setCodeFallback(tx, actor.user.id, enabled))) throw badRequest(M.codeFallbackNeedsApp);
    await ownFactorsChanged(
      deps,
      tx,
      actor,
      'auth.codeFallback.change',
      enabled
        ? 'Codes by email or SMS were turned back on for your sign-in'
        : 'Codes by email or SMS were turned off for your sign-in',
    );
  });
  return { message: enabled ? M.codeFallbackOn : M.codeFallbackOffDone };
}

/** POST /twofactor/recovery-codes: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(deps: Deps, actor: Actor): Promise<RecoveryCodesResponse> {
  authorize(actor, 'auth.secondFactor.manage');
  await requireRecentSignIn(deps, actor);
  return deps.db.transaction(async (tx) => {
    const [totp, keys] = await Promise.all([q.findTotp(tx, actor.user.id), q.countPasskeysOf(tx, actor.user.id)]);
    if (!totp?.confirmedAt && keys === 0) throw badRequest(M.recoveryNeedsFactor);
    const codes = await makeRecoveryCodes(deps, tx, actor.user.id);
    await ownFactorsChanged(
      deps,
      tx,
      actor,
      'auth.recoveryCodes.create',
      'New recovery codes were made for your account',
    );
    return { message: M.recoveryCodesMade, recovery_codes: codes };
  });
}

// ---------------------------------------------------------------- the second step of a sign-in

/**
 * Takes one try of an app or recovery code in a sign-in before it is judged: first from the
 * sign-in (SECOND_FACTOR.maxWrongPerSignIn, counted per pending session), then from the account's
 * budget across sign-ins that the emailed codes share (CODE_GUESS_BUDGET), each counted in one
 * atomic statement, so parallel tries cannot slip past either. Answers the call that gives the
 * budget try back when the code proves right.
 */
async function takeFactorTry(deps: Deps, actor: Actor): Promise<() => Promise<void>> {
  if (actor.stage !== 'pending') throw badRequest(MESSAGES.twoFactorInvalid);
  const signInKey = `second-factor:${actor.sessionId}`;
  const tries = (await aq.countTries(deps.db, [signInKey], PENDING_SESSION_TTL_MINUTES))[signInKey] ?? 0;
  if (tries > SECOND_FACTOR.maxWrongPerSignIn) throw unprocessable(MESSAGES.twoFactorInvalid);
  const key = guessKey(actor.user.id);
  const spent = (await aq.countTries(deps.db, [key], CODE_GUESS_BUDGET.windowMinutes))[key] ?? 0;
  if (spent > CODE_GUESS_BUDGET.perAccount) {
    if (spent === CODE_GUESS_BUDGET.perAccount + 1) await mailCodeBudgetSpent(deps, actor.user);
    throw tooManyRequests(MESSAGES.codeGuessBudgetSpent);
  }
  return async () => {
    await aq.uncountTry(deps.db, key);
  };
}

/** POST /twofactor/app/verify: the app's code completes a sign-in; each code works once. */
export async function verifyApp(
  deps: Deps,
  actor: Actor,
  input: { code: string; remember_me?: boolean },
  client: ClientInfo,
) {
  authorize(actor, 'auth.session.view');
  const invalid = unprocessable(MESSAGES.twoFactorInvalid);
  const right = await takeFactorTry(deps, actor);
  const totp = await q.findTotp(deps.db, actor.user.id);
  if (!totp?.confirmedAt) throw invalid;
  const step = await matchingStep(decryptSecret(deps.config.secret, totp.secretEnc), input.code);
  if (step === null) throw invalid;
  // A replayed code (or one of a step already passed) is refused here: a wrong try, as it stays counted.
  if (!(await q.takeTotpStep(deps.db, actor.user.id, step, false))) throw invalid;
  await right();
  return completeSignIn(deps, actor, client, input.remember_me ?? false);
}

/** POST /twofactor/recovery/verify: a recovery code in place of the second factor, once. */
export async function verifyRecovery(
  deps: Deps,
  actor: Actor,
  input: { code: string; remember_me?: boolean },
  client: ClientInfo,
) {
  authorize(actor, 'auth.session.view');
  const right = await takeFactorTry(deps, actor);
  const used = await deps.db.transaction(async (tx) => {
    if (!(await q.useRecoveryCode(tx, actor.user.id, recoveryHash(deps, actor.user.id, input.code)))) return false;
    await mailFactorChange(deps, tx, actor.user.email, 'A recovery code was used to sign in to your account');
    return true;
  });
  if (!used) throw unprocessable(MESSAGES.twoFactorInvalid);
  await right();
  return completeSignIn(deps, actor, client, input.remember_me ?? false);
}

// ---------------------------------------------------------------- passkeys

/** The relying party is the portal's public address (APP_URL): its host name and its origin. */
function relyingParty(deps: Deps) {
  const url = new URL(deps.config.appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** Why the library refused, without the challenges and ids it quotes (never logged). */
const withoutValues = (e: unknown) =>
  String((e as Error)?.message ?? e)
    .replace(/"[^"]*"/g, '"..."')
    .slice(0, 200);

/** A stable, opaque WebAuthn user handle: no email or id in the authenticator. */
const userHandle = (deps: Deps, userId: number) =>
  new Uint8Array(Buffer.from(hmac(deps.config.secret, `webauthn-user:${userId}`), 'base64url'));

async function storeChallenge(
  deps: Deps,
  purpose: 'register' | 'authenticate',
  userId: number | null,
  challenge: string,
) {
  await q.deleteExpiredChallenges(deps.db);
  return q.insertChallenge(deps.db, {
    userId,
    purpose,
    challenge,
    expiresAt: new Date(Date.now() + SECOND_FACTOR.challengeTtlMinutes * MINUTE),
  });
}

/** POST /twofactor/passkeys/options: what the browser needs to make a discoverable passkey. */
export async function passkeyRegistrationOptions(deps: Deps, actor: Actor): Promise<PasskeyOptionsResponse> {
  authorize(actor, 'auth.secondFactor.manage');
  await requireRecentSignIn(deps, actor);
  const { rpID } = relyingParty(deps);
  const existing = await q.findPasskeysOf(deps.db, actor.user.id);
  const options = await (
    await webAuthn()
  ).generateRegistrationOptions({
    rpName: PRODUCT_NAME,
    rpID,
    userName: actor.user.email,
    userDisplayName: `${actor.user.firstName} ${actor.user.lastName}`,
    userID: userHandle(deps, actor.user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await storeChallenge(deps, 'register', actor.user.id, options.challenge);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/** POST /twofactor/passkeys: checks the browser's answer against the stored challenge (once) and keeps the passkey. */
export async function addPasskey(
  deps: Deps,
  actor: Actor,
  input: { challenge_id: string; name: string; response: unknown },
): Promise<RecoveryCodesResponse> {
  authorize(actor, 'auth.secondFactor.manage');
  const failed = badRequest(M.passkeyRegisterFailed);
  const challenge = await q.consumeChallenge(deps.db, input.challenge_id, 'register', actor.user.id);
  if (!challenge) throw failed;
  const { rpID, origin } = relyingParty(deps);
  const verification = await (
    await webAuthn()
  )
    .verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    })
    .catch((e: unknown) => {
      deps.log.info({ reason: withoutValues(e) }, 'passkey registration refused');
      return null;
    });
  if (!verification?.verified) throw failed;
  const { credential, credentialBackedUp } = verification.registrationInfo;
  return deps.db.transaction(async (tx) => {
    // Under the user's row lock, so parallel additions cannot pass the most an account may hold.
    await aq.lockUser(tx, actor.user.id);
    if ((await q.countPasskeysOf(tx, actor.user.id)) >= SECOND_FACTOR.passkeysMax) throw badRequest(M.passkeyTooMany);
    const added = await q.insertPasskey(tx, {
      id: credential.id,
      userId: actor.user.id,
      name: input.name,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? null,
      backedUp: credentialBackedUp,
    });
    if (!added) throw failed;
    const codes = await firstRecoveryCodes(deps, tx, actor.user.id);
    await ownFactorsChanged(
      deps,
      tx,
      actor,
      'auth.passkey.add',
      `A passkey was added to your account ('${input.name}')`,
    );
    return { message: M.passkeyAdded, recovery_codes: codes };
  });
}

/** DELETE /twofactor/passkeys/{id}: another user's passkey is not found. */
export async function removePasskey(deps: Deps, actor: Actor, id: string) {
  authorize(actor, 'auth.secondFactor.manage');
  await requireRecentSignIn(deps, actor);
  await deps.db.transaction(async (tx) => {
    const key = await q.findPasskey(tx, id);
    if (!key || key.userId !== actor.user.id || !(await q.deletePasskey(tx, actor.user.id, id))) throw notFound();
    await ownFactorsChanged(
      deps,
      tx,
      actor,
      'auth.passkey.remove',
      `A passkey was removed from your account ('${key.name}')`,
    );
  });
  return { message: M.passkeyRemoved };
}

/** PUT /twofactor/passkeys/{id}: a new name; another user's passkey is not found. No mail: nothing about access changed. */
export async function renamePasskey(deps: Deps, actor: Actor, id: string, name: string) {
  authorize(actor, 'auth.secondFactor.manage');
  if (!(await q.renamePasskey(deps.db, actor.user.id, id, name))) throw notFound();
  return { message: M.passkeyRenamed };
}

/** POST /passkey-login/options: a challenge for any discoverable passkey of this portal. */
export async function passkeySignInOptions(deps: Deps): Promise<PasskeyOptionsResponse> {
  const { rpID } = relyingParty(deps);
  const options = await (await webAuthn()).generateAuthenticationOptions({ rpID, userVerification: 'required' });
  const challengeId = await storeChallenge(deps, 'authenticate', null, options.challenge);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * POST /passkey-login: a passkey verified by its owner (user verification) is both factors. The
 * challenge is used once, and the counter must go up (checked again in the statement that stores it).
 */
export async function passkeySignIn(
  deps: Deps,
  input: { challenge_id: string; response: unknown; remember_me?: boolean },
  client: ClientInfo,
) {
  const failed = unauthorized(M.passkeySignInFailed);
  const response = input.response as AuthenticationResponseJSON;
  const challenge = await q.consumeChallenge(deps.db, input.challenge_id, 'authenticate', null);
  if (!challenge) throw failed;
  const key = await q.findPasskey(deps.db, response.id);
  if (!key) throw failed;
  const { rpID, origin } = relyingParty(deps);
  const verification = await (
    await webAuthn()
  )
    .verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: key.transports ?? undefined,
      },
    })
    .catch((e: unknown) => {
      deps.log.info({ reason: withoutValues(e) }, 'passkey sign-in refused');
      return null;
    });
  if (!verification?.verified || !verification.authenticationInfo.userVerified) throw failed;
  if (!(await q.usePasskey(deps.db, key.id, verification.authenticationInfo.newCounter))) throw failed;
  return signInVerified(deps, key.userId, client, input.remember_me ?? false);
}

// ---------------------------------------------------------------- the admin's reset

/**
 * POST /admin/users/{id}/second-factors/reset: removes the user's app, passkeys and recovery codes
 * (the emailed code stays the way in) and mails the user, in one transaction.
 */
export async function resetSecondFactors(deps: Deps, actor: Actor, userId: number) {
  const target = authorize(actor, 'admin.secondFactor.reset', await q.findResetTarget(deps.db, userId));
  await deps.db.transaction(async (tx) => {
    await q.deleteTotp(tx, target.id);
    await q.deletePasskeysOf(tx, target.id);
    await q.deleteRecoveryCodes(tx, target.id);
    await recordAudit(tx, {
      action: 'admin.secondFactor.reset',
      who: actor.user,
      ip: deps.ip,
      record: { type: 'user', id: target.id },
      after: { removed: ['authenticator app', 'passkeys', 'recovery codes'] },
    });
    await factorsChanged(
      deps,
      tx,
      target,
      'An administrator removed the authenticator app, passkeys and recovery codes of your account',
    );
  });
  return { message: M.factorsReset };
}
