import {
  CODE_GUESS_BUDGET,
  LINK_TTL,
  MAIL_LIMITS,
  MESSAGES,
  PENDING_SESSION_TTL_MINUTES,
  PRODUCT_NAME,
  SESSION_TTL_HOURS,
  SECOND_FACTOR_MESSAGES,
  SIGN_IN_LIMITS,
  TWO_FACTOR,
  type LoginResponse,
  type TwoFactorVerifyResponse,
} from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { authorize } from '../../platform/access.js';
import type { Actor, User } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit, type AuditWho } from '../../platform/audit.js';
import { AppError, badRequest, notFound, tooManyRequests, unauthorized, unprocessable } from '../../platform/errors.js';
import { queueAccountMail, sendQueuedNow } from '../../platform/outbox.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { hmac, newCode, newToken, safeEqual, sha256 } from '../../platform/tokens.js';
import * as q from './auth.queries.js';
import { secondStepOf } from './second-factors.queries.js';
import { maskDestination, presentActiveUser, presentRememberedDevice } from './auth.present.js';
import { extend } from '../../platform/objects.js';

const MINUTE = 60_000;
/** A pending sign-in may ask for at most this many codes before it has to start again. */
const MAX_CODES_PER_SIGN_IN = 5;

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  /** The unsigned value of the remember-me cookie, if any. */
  rememberCookie?: string | null;
}

async function newSession(db: Db | Tx, userId: number, stage: 'pending' | 'active', client: ClientInfo) {
  const token = newToken();
  const ttl = stage === 'pending' ? PENDING_SESSION_TTL_MINUTES * MINUTE : SESSION_TTL_HOURS * 60 * MINUTE;
  const values = {
    tokenHash: sha256(token),
    userId,
    stage,
    expiresAt: new Date(Date.now() + ttl),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300),
  };
  if (stage === 'pending') return { token, session: await q.insertSession(db, values) };
  // An active session is a sign-in: the user's last use (the unused-assessor report), in its own transaction.
  const session = await db.transaction(async (tx) => {
    await q.touchLastUsed(tx, userId);
    return q.insertSession(tx, values);
  });
  return { token, session };
}

// ---------------------------------------------------------------- sign-in

const accountKey = (email: string) => `login-account:${email.toLowerCase()}`;
const addressKey = (ip: string) => `login-address:${ip}`;

/**
 * Counts this sign-in against the account and the address before the password is checked, in one
 * statement, and answers whether it is over a limit. Every try counts until it proves right, so of
 * any number of parallel tries at most SIGN_IN_LIMITS.perAccount ever reach the password check.
 */
async function takeSignInTry(deps: Deps, email: string, ip: string): Promise<boolean> {
  const counts = await q.countTries(deps.db, [accountKey(email), addressKey(ip)], SIGN_IN_LIMITS.windowMinutes);
  return (
    (counts[accountKey(email)] ?? 0) <= SIGN_IN_LIMITS.perAccount &&
    (counts[addressKey(ip)] ?? 0) <= SIGN_IN_LIMITS.perAddress
  );
}

/** The remember-me cookie is id.secret; valid when the row is the user's, live, and the secret's hash matches. */
async function hasValidRememberMe(deps: Deps, userId: number, cookie: string | null | undefined): Promise<boolean> {
  const parsed = parseRememberCookie(cookie);
  return !!parsed && !!(await q.useRememberToken(deps.db, parsed.id, userId, sha256(parsed.secret)));
}

function parseRememberCookie(cookie: string | null | undefined): { id: string; secret: string } | null {
  if (!cookie) return null;
  const [id, secret] = cookie.split('.');
  if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return { id, secret };
}

/** A sign-in that ended with an active session, for the audit trail. */
function signedIn(db: Db | Tx, user: AuditWho & { id: number }, method: string, ip: string | null) {
  return recordAudit(db, {
    action: 'auth.signIn.success',
    who: user,
    ip,
    record: { type: 'user', id: user.id },
    after: { method },
  });
}

export async function login(
  deps: Deps,
  input: { username: string; password: string },
  client: ClientInfo,
): Promise<LoginResponse> {
  const email = input.username.toLowerCase();
  // One answer for every failure, so the response never tells whether an account exists; the
  // trail (admins only) keeps the reason. Its row is written on its own, since the call fails.
  const fail = async (reason: string, user?: { id: number; firstName: string; lastName: string } | null) => {
    await recordAudit(deps.db, {
      action: 'auth.signIn.failure',
      who: extend(user, { email: input.username }),
      ip: deps.ip,
      record: user ? { type: 'user', id: user.id } : null,
      after: { email: input.username, reason },
    });
    return unauthorized(MESSAGES.loginFailed);
  };
  if (!(await takeSignInTry(deps, email, client.ip))) throw await fail('too many tries');
  const user = await q.findUserByEmail(deps.db, email);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  // A failed try stays counted.
  if (!user) throw await fail('no such account');
  if (!passwordOk) throw await fail('wrong password', user);
  if (!user.activated) throw await fail('account not active', user);
  // The right password starts the account's count again and gives the address its try back.
  await q.clearTries(deps.db, accountKey(email));
  await q.uncountTry(deps.db, addressKey(client.ip));

  const remembered = await hasValidRememberMe(deps, user.id, client.rememberCookie);
  const { token, session } = await newSession(deps.db, user.id, remembered ? 'active' : 'pending', client);
  // Signed in once no second step is left (a remembered browser); otherwise when the second step ends.
  if (remembered) await signedIn(deps.db, user, 'password, remembered browser', deps.ip);
  const channel = user.tfCompleted && user.tfMobileNumber ? 'sms' : 'email';
  const destination = channel === 'sms' ? user.tfMobileNumber! : user.email;
  const second = await secondStepOf(deps.db, user.id);
  if (remembered) {
    const [roles, committees] = await Promise.all([
      q.findRolesOf(deps.db, user.id),
      q.findCommitteesOf(deps.db, user.id),
    ]);
    return extend(
      { token, ...presentActiveUser(user, roles, committees) },
      {
        two_factor_required: false as const,
        tf_type: channel,
        recovery_codes: second.recoveryCodes,
        remind_2fa: !user.tfCompleted && user.tfRemind,
        sent_to: null,
      },
    );
  }
  // With an authenticator app the second step asks for its code first; no code is sent unless asked.
  if (!second.app)
    await sendLoginCode(deps, user, session.id, channel).catch((e: unknown) => {
      // The two-factor screen offers a resend; the sign-in itself stays valid.
      deps.log.error({ err: e }, 'sending the sign-in code failed');
    });
  // Before the second factor: what the two-factor screen needs, and no profile (shared pendingSignIn).
  const roles = await q.findRolesOf(deps.db, user.id);
  return {
    token,
    two_factor_required: true,
    permissions: presentActiveUser(user, roles, []).permissions,
    '2fa_setup': { completed: user.tfCompleted },
    recovery_codes: second.recoveryCodes,
    ...(second.app
      ? {
          tf_type: 'app' as const,
          code_fallback: deps.config.secondFactorCodeFallback && second.codeFallback,
          remind_2fa: false,
          sent_to: null,
        }
      : {
          tf_type: channel,
          remind_2fa: !user.tfCompleted && user.tfRemind,
          sent_to: maskDestination(channel, destination),
        }),
  };
}

const codeText = (code: string) =>
  `Your ${PRODUCT_NAME} verification code is ${code}. It expires in ${TWO_FACTOR.codeTtlMinutes} minutes.`;

/**
 * An emailed code was queued in the outbox with the code (platform/outbox.ts) and is sent at once
 * here; if that fails the outbox tries again, and the caller hears that it did not go out now.
 */
async function deliverCode(
  deps: Deps,
  channel: 'email' | 'sms',
  destination: string,
  code: string,
  mailId: number | null,
) {
  try {
    if (channel === 'sms') await deps.sms.send(destination, codeText(code), deps.log);
    else await sendQueuedNow(deps, mailId!);
  } catch (e) {
    deps.log.error({ err: e }, 'code delivery failed');
    throw new AppError(502, MESSAGES.twoFactorSendFailed);
  }
}

function codeHash(codeId: string, code: string) {
  return sha256(`${codeId}:${code}`);
}

/**
 * Stores a new code, then sends it. `check` runs first in the same transaction: it takes a row lock
 * and applies the resend limits, so parallel requests cannot all pass a read-then-write check.
 */
async function issueCode(
  deps: Deps,
  values: {
    userId: number;
    sessionId: string | null;
    purpose: 'login' | 'setup';
    channel: 'email' | 'sms';
    destination: string;
  },
  check?: (tx: Tx) => Promise<void>,
) {
  const code = newCode();
  const id = crypto.randomUUID();
  const mailId = await deps.db.transaction(async (tx) => {
    if (check) await check(tx);
    await q.insertCode(
      tx,
      extend(
        { id, ...values },
        { codeHash: codeHash(id, code), expiresAt: new Date(Date.now() + TWO_FACTOR.codeTtlMinutes * MINUTE) },
      ),
    );
    return values.channel === 'email'
      ? queueAccountMail(tx, values.destination, { subject: `${PRODUCT_NAME} verification code`, text: codeText(code) })
      : null;
  });
  await deliverCode(deps, values.channel, values.destination, code, mailId);
}

function sendLoginCode(
  deps: Deps,
  user: User,
  sessionId: string,
  channel: 'email' | 'sms',
  check?: (tx: Tx) => Promise<void>,
) {
  const destination = channel === 'sms' ? user.tfMobileNumber! : user.email;
  return issueCode(deps, { userId: user.id, sessionId, purpose: 'login', channel, destination }, check);
}

function assertResendAllowed(last: { sentAt: Date } | null) {
  if (last && Date.now() - last.sentAt.getTime() < TWO_FACTOR.resendSeconds * 1000) {
    throw tooManyRequests(MESSAGES.twoFactorResendTooSoon);
  }
}

/** GET /twofactor/sendSms and /twofactor/send2faCodeOnEmail: a new code for a pending sign-in. */
export async function resendLoginCode(deps: Deps, actor: Actor, channel: 'email' | 'sms') {
  if (actor.stage !== 'pending') throw badRequest(MESSAGES.twoFactorSendFailed);
  const second = await secondStepOf(deps.db, actor.user.id);
  if (second.app && !(deps.config.secondFactorCodeFallback && second.codeFallback)) {
    throw new AppError(403, SECOND_FACTOR_MESSAGES.codeFallbackOff);
  }
  if (channel === 'sms' && !(actor.user.tfCompleted && actor.user.tfMobileNumber)) {
    throw badRequest(MESSAGES.twoFactorSendFailed);
  }
  await sendLoginCode(deps, actor.user, actor.sessionId, channel, async (tx) => {
    await q.lockSession(tx, actor.sessionId);
    assertResendAllowed(await q.findLatestCode(tx, { sessionId: actor.sessionId }));
    if ((await q.countCodesOfSession(tx, actor.sessionId)) >= MAX_CODES_PER_SIGN_IN) {
      throw tooManyRequests(MESSAGES.twoFactorSendFailed);
    }
  });
  return { message: MESSAGES.twoFactorCodeSent };
}

type CodeRow = { id: string; userId: number; codeHash: string };

export const guessKey = (userId: number) => `code-guess:${userId}`;

/**
 * Checks a code against the newest one issued; a wrong code gives the spec's one message. Each try
 * is first taken from the code (5 per code) and then from the account's budget across sign-ins
 * (CODE_GUESS_BUDGET), each in one atomic statement, before the code is compared; a right code gives
 * its budget try back. The try that first goes past the budget mails the owner.
 */
async function checkCode(deps: Deps, user: User, code: CodeRow | null, given: string) {
  const invalid = unprocessable(MESSAGES.twoFactorInvalid);
  if (!code || (await q.takeCodeTry(deps.db, code.id, TWO_FACTOR.maxWrongTries)) === null) throw invalid;
  const key = guessKey(code.userId);
  const spent = (await q.countTries(deps.db, [key], CODE_GUESS_BUDGET.windowMinutes))[key] ?? 0;
  if (spent > CODE_GUESS_BUDGET.perAccount) {
    if (spent === CODE_GUESS_BUDGET.perAccount + 1) await mailCodeBudgetSpent(deps, user);
    throw tooManyRequests(MESSAGES.codeGuessBudgetSpent);
  }
  if (!safeEqual(code.codeHash, codeHash(code.id, given))) throw invalid;
  await q.uncountTry(deps.db, key);
  if (!(await q.useCode(deps.db, code.id))) throw invalid;
}

/** Tells the owner that someone with their password is guessing codes (through the usual mail path). */
export async function mailCodeBudgetSpent(deps: Deps, user: User) {
  const mailId = await queueAccountMail(deps.db, user.email, {
    subject: `${PRODUCT_NAME}: sign-in paused after wrong codes`,
    text:
      `Hello ${user.firstName},\n\n${CODE_GUESS_BUDGET.perAccount} wrong verification codes were entered for your account within ` +
      `${CODE_GUESS_BUDGET.windowMinutes} minutes, so signing in is paused until that time has passed.\n\n` +
      `If this was not you, someone knows your password: change it as soon as you can sign in, or ask for a reset.`,
  });
  await sendQueuedNow(deps, mailId).catch((e: unknown) =>
    deps.log.warn({ err: e }, 'code budget mail waits in the outbox'),
  );
}

export interface VerifyResult extends TwoFactorVerifyResponse {
  /** id.secret for the remember-me cookie, when asked for. */
  rememberCookie?: string;
}

/**
 * POST /twofactor/verify. With a pending token it completes the sign-in and swaps the token for a
 * new one; with a signed-in token it completes the SMS set-up.
 */
export async function verifyCode(
  deps: Deps,
  actor: Actor,
  token: string,
  input: { code: string; remember_me?: boolean },
  client: ClientInfo,
): Promise<VerifyResult> {
  if (actor.stage === 'active') {
    const code = await q.findLatestCode(deps.db, { userId: actor.user.id, purpose: 'setup' });
    await checkCode(deps, actor.user, code, input.code);
    await q.updateUser(deps.db, actor.user.id, { tfCompleted: true, tfMobileNumber: code!.destination });
    return { message: MESSAGES.twoFactorEnabled, token };
  }
  await checkCode(deps, actor.user, await q.findLatestCode(deps.db, { sessionId: actor.sessionId }), input.code);
  return completeSignIn(deps, actor, client, input.remember_me ?? false);
}

/**
 * Ends a sign-in's second step (an emailed or texted code, an app's code, a recovery code): the
 * pending session becomes an active one, with the remember-me cookie when asked for.
 */
export async function completeSignIn(
  deps: Deps,
  actor: Actor,
  client: ClientInfo,
  rememberMe: boolean,
): Promise<VerifyResult> {
  // The pending token dies and a new one is issued, so a token seen before the second factor is useless.
  const fresh = await deps.db.transaction(async (tx) => {
    await q.deleteSession(tx, actor.sessionId);
    await signedIn(tx, actor.user, 'password and second factor', deps.ip);
    return (await newSession(tx, actor.user.id, 'active', client)).token;
  });
  const result: VerifyResult = { message: MESSAGES.actionSuccessful, token: fresh };
  if (rememberMe) result.rememberCookie = await rememberBrowser(deps, actor.user.id, client);
  return result;
}

async function rememberBrowser(deps: Deps, userId: number, client: ClientInfo): Promise<string> {
  const secret = newToken();
  const row = await q.insertRememberToken(deps.db, {
    userId,
    tokenHash: sha256(secret),
    userAgent: client.userAgent?.slice(0, 300),
    expiresAt: new Date(Date.now() + TWO_FACTOR.rememberMeDays * 24 * 60 * MINUTE),
  });
  return `${row.id}.${secret}`;
}

/**
 * A sign-in that proved both factors at once (a passkey with user verification): an active session
 * straight away, answered as POST /login answers.
 */
export async function signInVerified(
  deps: Deps,
  userId: number,
  client: ClientInfo,
  rememberMe: boolean,
): Promise<LoginResponse & { rememberCookie?: string }> {
  const user = await q.findUserById(deps.db, userId);
  if (!user || !user.activated) throw unauthorized(MESSAGES.loginFailed);
  const { token } = await deps.db.transaction(async (tx) => {
    await signedIn(tx, user, 'passkey', deps.ip);
    return newSession(tx, user.id, 'active', client);
  });
  const [roles, committees] = await Promise.all([
    q.findRolesOf(deps.db, user.id),
    q.findCommitteesOf(deps.db, user.id),
  ]);
  return extend(
    { token, ...presentActiveUser(user, roles, committees) },
    {
      two_factor_required: false as const,
      tf_type: 'email' as const,
      remind_2fa: false,
      sent_to: null,
      ...(rememberMe ? { rememberCookie: await rememberBrowser(deps, user.id, client) } : {}),
    },
  );
}

/** POST /twofactor/manageRemind: true is "remind me later", false "do not remind me". */
export async function manageRemind(deps: Deps, actor: Actor, remindMe: boolean) {
  if (!remindMe) await q.updateUser(deps.db, actor.user.id, { tfRemind: false });
  return { message: MESSAGES.actionSuccessful };
}

/** POST /twofactor/send2fasetupcode: texts a code to the number being set up. */
export async function sendSetupCode(deps: Deps, actor: Actor, mobile: string) {
  authorize(actor, 'auth.twofactor.setup');
  if (actor.user.tfCompleted) throw badRequest(MESSAGES.twoFactorAlreadyEnabled);
  await issueCode(
    deps,
    { userId: actor.user.id, sessionId: null, purpose: 'setup', channel: 'sms', destination: mobile },
    async (tx) => {
      await q.lockUser(tx, actor.user.id);
      assertResendAllowed(await q.findLatestCode(tx, { userId: actor.user.id, purpose: 'setup' }));
    },
  );
  return { message: MESSAGES.twoFactorCodeSent };
}

/** Ends the session, and the remember-me of this browser (its cookie), if any. */
export async function logout(deps: Deps, actor: Actor, client: Pick<ClientInfo, 'rememberCookie'>) {
  authorize(actor, 'auth.session.end');
  const remembered = parseRememberCookie(client.rememberCookie);
  await deps.db.transaction(async (tx) => {
    await q.deleteSession(tx, actor.sessionId);
    if (remembered) await q.revokeRememberToken(tx, actor.user.id, remembered.id);
  });
  return { message: MESSAGES.actionSuccessful };
}

/** GET /twofactor/devices: the browsers that skip the code, with the one asking marked. */
export async function listRememberedDevices(deps: Deps, actor: Actor, client: Pick<ClientInfo, 'rememberCookie'>) {
  const current = parseRememberCookie(client.rememberCookie)?.id;
  const rows = await q.findRememberedDevices(deps.db, actor.user.id);
  return rows.map((r) => presentRememberedDevice(r, r.id === current));
}

/** DELETE /twofactor/devices/{id}: 'Forget'; another user's device is not found. */
export async function forgetRememberedDevice(deps: Deps, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    if (!(await q.revokeRememberToken(tx, actor.user.id, id))) throw notFound();
    await recordAudit(tx, {
      action: 'auth.device.forget',
      who: actor.user,
      ip: deps.ip,
      record: { type: 'remembered_browser', id },
      after: { outcome: 'forgotten' },
    });
  });
  return { message: MESSAGES.deviceForgotten };
}

export async function activeUser(deps: Deps, actor: Actor) {
  authorize(actor, 'auth.session.view');
  const committees = await q.findCommitteesOf(deps.db, actor.user.id);
  return presentActiveUser(actor.user, actor.roles, committees);
}

// ---------------------------------------------------------------- passwords and links

/** Signs what a reset link carries, so the url cannot be altered. */
const linkSignature = (deps: Deps, url: string) => hmac(deps.config.secret, `set-password:${url}`);

export function setPasswordUrl(token: string) {
  return `/api/set-password?token=${token}`;
}

/**
 * Counts a mail asked for from a public form against its target and its sender address, in one
 * statement, and refuses past either limit. Unknown targets count too, so the answer tells nothing
 * about which accounts exist.
 */
async function takeMailTry(deps: Deps, kind: 'reset' | 'registration-form', target: string, ip: string) {
  const to = `${kind}-to:${target.toLowerCase()}`;
  const from = `${kind}-from:${ip}`;
  const counts = await q.countTries(deps.db, [to, from], MAIL_LIMITS.windowMinutes);
  const [perTarget, perSender] =
    kind === 'reset'
      ? [MAIL_LIMITS.resetPerTarget, MAIL_LIMITS.resetPerSender]
      : [MAIL_LIMITS.registrationFormPerTarget, MAIL_LIMITS.registrationFormPerSender];
  if ((counts[to] ?? 0) > perTarget || (counts[from] ?? 0) > perSender) throw tooManyRequests();
}

/** POST /user-requests-reset-password: the same answer whether or not the email is known. */
export async function requestPasswordReset(deps: Deps, email: string, client: Pick<ClientInfo, 'ip'>) {
  await takeMailTry(deps, 'reset', email, client.ip);
  const send = async () => {
    const user = await q.findUserByEmail(deps.db, email);
    if (!user || !user.activated) return;
    const token = newToken();
    const url = setPasswordUrl(token);
    const link = `${deps.config.appUrl}/reset-password-first-access?url=${encodeURIComponent(url)}&signature=${linkSignature(deps, url)}`;
    const mailId = await deps.db.transaction(async (tx) => {
      await q.insertLink(tx, {
        tokenHash: sha256(token),
        userId: user.id,
        purpose: 'reset',
        expiresAt: new Date(Date.now() + LINK_TTL.resetMinutes * MINUTE),
      });
      return queueAccountMail(tx, user.email, {
        subject: `${PRODUCT_NAME}: reset your password`,
        text: `Hello ${user.firstName},\n\nOpen this link to choose a new password (it works once, for ${LINK_TTL.resetMinutes} minutes):\n${link}\n\nIf you did not ask for this, ignore this email.`,
      });
    });
    // Sent at once; if that fails the outbox sends it later.
    await sendQueuedNow(deps, mailId);
  };
  // Not awaited: the time of the answer must not tell whether a mail was sent.
  void send().catch((e: unknown) => deps.log.error({ err: e }, 'password reset mail failed'));
  return { message: MESSAGES.resetRequested };
}

/** GET /set-password/check: whether a reset link still works, without using it (the page asks first). */
export async function checkResetLink(deps: Deps, token: string, signature: string) {
  const invalid = badRequest(MESSAGES.resetLinkInvalid);
  if (!safeEqual(signature, linkSignature(deps, setPasswordUrl(token)))) throw invalid;
  if (!(await q.findLiveLink(deps.db, sha256(token), 'reset'))) throw invalid;
  return { message: MESSAGES.resetLinkValid };
}

/** POST /set-password?token=...&signature=...: the signed reset call. */
export async function setPasswordFromLink(deps: Deps, token: string, signature: string, password: string) {
  const invalid = badRequest(MESSAGES.resetLinkInvalid);
  if (!safeEqual(signature, linkSignature(deps, setPasswordUrl(token)))) throw invalid;
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    // Uses this link and kills the user's other reset links in the same statement.
    const link = await q.consumeLink(tx, sha256(token), 'reset');
    if (!link) throw invalid;
    await q.updateUser(tx, link.userId, { passwordHash });
    await endSignIns(tx, link.userId);
    await recordAudit(tx, {
      action: 'auth.password.reset',
      who: { id: link.userId },
      ip: deps.ip,
      record: { type: 'user', id: link.userId },
      after: { outcome: 'password set; every session ended' },
    });
  });
  return { message: MESSAGES.passwordUpdated };
}

/** A new password or a deactivation ends every session and remembered device of the account. */
async function endSignIns(tx: Tx, userId: number, keepSessionId?: string) {
  if (keepSessionId) await q.deleteOtherSessions(tx, userId, keepSessionId);
  else await q.deleteSessionsOfUser(tx, userId);
  await q.revokeRememberTokensOfUser(tx, userId);
}

/** Creates an activation link for an approved registration (admin approval calls this). */
export async function createActivationLink(
  deps: Deps,
  userId: number,
  email: string,
  db: Db | Tx = deps.db,
): Promise<string> {
  const token = newToken();
  await q.insertLink(db, {
    tokenHash: sha256(token),
    userId,
    purpose: 'activation',
    expiresAt: new Date(Date.now() + LINK_TTL.activationDays * 24 * 60 * MINUTE),
  });
  return `${deps.config.appUrl}/activation?token=${token}&email=${encodeURIComponent(email)}`;
}

/**
 * Sets the first password of an approved (active) user. The link does nothing for a deactivated
 * user: it neither sets a password nor turns the account back on (docs/DECISIONS.md).
 */
/** GET /activation/check: the activation page asks before the user types a password. */
export async function checkActivationLink(deps: Deps, token: string) {
  if (!(await q.findLiveLink(deps.db, sha256(token), 'activation'))) throw badRequest(MESSAGES.activationInvalid);
  return { message: MESSAGES.resetLinkValid };
}

export async function activate(deps: Deps, input: { token: string; username: string; password: string }) {
  const invalid = badRequest(MESSAGES.activationInvalid);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const user = await q.findUserByActivationLink(tx, sha256(input.token));
    if (!user || user.email.toLowerCase() !== input.username.toLowerCase()) throw invalid;
    if (!(await q.consumeLink(tx, sha256(input.token), 'activation'))) throw invalid;
    await q.updateUser(tx, user.id, { passwordHash });
    await recordAudit(tx, {
      action: 'auth.account.activate',
      who: { id: user.id, email: user.email },
      ip: deps.ip,
      record: { type: 'user', id: user.id },
      after: { outcome: 'first password set' },
    });
  });
  return { message: MESSAGES.activationDone };
}

/**
 * Ends every way into an account at once, in the caller's transaction: its sessions (but the one
 * kept, where it is the user's own action), remembered devices and, with `links`, its outstanding
 * reset and activation links. Deactivation, deletion and a change of the sign-in email end the links
 * too, so a link sent before never works afterwards (a reactivation does not revive it); a change
 * of second factors or of the password ends the sign-ins (DECISIONS "Links and sessions").
 */
export async function endAccessOf(tx: Tx, userId: number, opts: { keepSessionId?: string; links?: boolean } = {}) {
  await endSignIns(tx, userId, opts.keepSessionId);
  if (opts.links) await q.killLinksOfUser(tx, userId);
}

/**
 * POST /twofactor/reauthenticate: the password again. Each try counts with the sign-in's tries
 * (the account's and the address's), so it is no way round their limits.
 */
export async function reauthenticate(deps: Deps, actor: Actor, password: string) {
  authorize(actor, 'auth.secondFactor.manage');
  if (!(await takeSignInTry(deps, actor.user.email, deps.ip ?? 'unknown'))) throw tooManyRequests();
  if (!(await verifyPassword(await q.findPasswordHashOf(deps.db, actor.user.id), password)))
    throw new AppError(422, SECOND_FACTOR_MESSAGES.reauthWrongPassword, {
      password: [SECOND_FACTOR_MESSAGES.reauthWrongPassword],
    });
  await q.clearTries(deps.db, accountKey(actor.user.email));
  await q.markAuthenticated(deps.db, actor.sessionId);
  return { message: SECOND_FACTOR_MESSAGES.reauthDone };
}

export async function changePassword(deps: Deps, actor: Actor, input: { oldPassword: string; newPassword: string }) {
  authorize(actor, 'auth.password.change');
  if (!(await verifyPassword(await q.findPasswordHashOf(deps.db, actor.user.id), input.oldPassword))) {
    throw new AppError(422, MESSAGES.oldPasswordWrong, { oldPassword: [MESSAGES.oldPasswordWrong] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await q.updateUser(tx, actor.user.id, { passwordHash });
    // Other sessions end, this one goes on; every remembered device (this one too) asks for a code again.
    await endSignIns(tx, actor.user.id, actor.sessionId);
    await q.killLinksOfUser(tx, actor.user.id, 'reset');
    await recordAudit(tx, {
      action: 'auth.password.change',
      who: actor.user,
      ip: deps.ip,
      record: { type: 'user', id: actor.user.id },
      after: { outcome: 'password changed; other sessions ended' },
    });
  });
  return { message: MESSAGES.passwordChanged };
}

/** POST /register/request-form: emails the link to the registration wizard. */
export async function requestRegistrationForm(deps: Deps, email: string, client: Pick<ClientInfo, 'ip'>) {
  await takeMailTry(deps, 'registration-form', email, client.ip);
  const mailId = await queueAccountMail(deps.db, email, {
    subject: `${PRODUCT_NAME}: registration form`,
    text: `Hello,\n\nYou asked for the ${PRODUCT_NAME} registration form. Fill it in here:\n${deps.config.appUrl}/register\n\nAn administrator will review your registration.`,
  });
  // Sent at once; if that fails the outbox sends it later, and the answer is the same.
  await sendQueuedNow(deps, mailId).catch((e: unknown) =>
    deps.log.warn({ err: e }, 'registration form mail waits in the outbox'),
  );
  return { message: MESSAGES.registrationFormSent };
}
