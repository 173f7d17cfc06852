import { z } from 'zod';
import { LIMITS, MOBILE_NUMBER_PATTERN } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { ROLES } from '../roles.js';
import { safeString } from './common.js';

/** Spec/02 5 and spec/01 5: at least 6 characters, no whitespace. */
export const newPassword = safeString()
  .min(LIMITS.passwordMin, MESSAGES.newPasswordMin)
  .refine((v) => !/\s/.test(v), MESSAGES.newPasswordSpace);

/** The reset-first-access and activation screens use the single combined message. */
export const resetPassword = safeString().refine(
  (v) => v.length >= LIMITS.passwordMin && !/\s/.test(v),
  MESSAGES.passwordRuleSixNoSpaces,
);

export const loginRequest = z.object({
  username: safeString({ error: MESSAGES.loginUsernameRequired })
    .trim()
    .min(1, MESSAGES.loginUsernameRequired)
    .pipe(z.email(MESSAGES.loginUsernameEmail)),
  password: safeString({ error: MESSAGES.loginPasswordRequired })
    .min(1, MESSAGES.loginPasswordRequired)
    .pipe(z.string().min(LIMITS.passwordMin, MESSAGES.loginPasswordMin)),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const roleRef = z.object({ id: z.number(), name: z.enum(ROLES) });

export const userSummary = z.object({
  id: z.number(),
  resource_id: z.string().nullable(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  title: z.string().nullable(),
  email: z.string(),
  mobile_number: z.string().nullable(),
  roles: z.array(roleRef),
  activated: z.union([z.literal(0), z.literal(1)]),
});
export type UserSummary = z.infer<typeof userSummary>;

export const committeeRef = z.object({
  id: z.number(),
  name: z.string(),
  value: z.string(),
  admin_id: z.number().nullable(),
  /** True when the signed-in user is this committee's admin. */
  admin: z.boolean(),
});
export type CommitteeRef = z.infer<typeof committeeRef>;

export const twoFactorSetup = z.object({
  tf_mobile_number: z.string().nullable(),
  completed: z.boolean(),
});

/** What GET /activeuser answers, and what POST /login carries besides the token. */
export const activeUser = z.object({
  user: userSummary,
  permissions: z.array(z.enum(ROLES)),
  /** committee id -> write flag (0 or 1) */
  committeePermissions: z.record(z.string(), z.union([z.literal(0), z.literal(1)])),
  committees: z.array(committeeRef),
  '2fa_setup': twoFactorSetup,
});
export type ActiveUser = z.infer<typeof activeUser>;

/** What both answers of POST /login say about the second step. */
const secondStep = {
  token: z.string(),
  /** The channel the code went to; 'app' when an authenticator app is asked first (no code sent yet). */
  tf_type: z.enum(['email', 'sms', 'app']),
  /** False when the body's policy keeps an emailed or texted code from a user with an authenticator app. */
  code_fallback: z.boolean().optional(),
  /** True when the user holds unused recovery codes (the second step offers them). */
  recovery_codes: z.boolean().optional(),
  /** Show the SMS set-up reminder (remind later / do not remind) on the two-factor screen. */
  remind_2fa: z.boolean(),
  /** Masked destination of the code, e.g. a***@portal.test or +6141****678. */
  sent_to: z.string().nullable(),
};

/**
 * A right password whose second factor is still to come: only what the two-factor screen needs (the
 * roles pick the landing page once the factor is accepted). No profile, committees or phone number
 * before the second factor (issue 63, item 6); GET /activeuser gives them once it is passed.
 */
export const pendingSignIn = z.object({
  ...secondStep,
  /** True: the token waits for the second factor; go to /two-factor. */
  two_factor_required: z.literal(true),
  permissions: z.array(z.enum(ROLES)),
  '2fa_setup': twoFactorSetup.pick({ completed: true }),
});
export type PendingSignIn = z.infer<typeof pendingSignIn>;

/** Signed in at once (a remembered browser, a passkey): the active user beside the token. */
export const signedInResponse = activeUser.extend({ ...secondStep, two_factor_required: z.literal(false) });

export const loginResponse = z.discriminatedUnion('two_factor_required', [pendingSignIn, signedInResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const twoFactorCode = safeString().regex(/^\d{4}$/, MESSAGES.codeFourDigits);

export const twoFactorVerifyRequest = z.object({
  code: twoFactorCode,
  remember_me: z.boolean().optional().default(false),
});
export const twoFactorVerifyResponse = z.object({ message: z.string(), token: z.string() });
export type TwoFactorVerifyResponse = z.infer<typeof twoFactorVerifyResponse>;

/** remind_me true: remind later (this sign-in only); false: do not remind again. */
export const manageRemindRequest = z.object({ remind_me: z.boolean() });

export const mobileNumber = safeString().trim().regex(MOBILE_NUMBER_PATTERN, MESSAGES.mobileInvalid);

/** POST /twofactor/send2fasetupcode: data is the mobile number to set up. */
export const setupCodeRequest = z.object({ data: mobileNumber });

/** The /profile2fa form: the mobile number typed twice. */
export const mobileSetupForm = z
  .object({ mobile: mobileNumber, confirm: z.string() })
  .refine((v) => v.mobile.trim() === v.confirm.trim(), { message: MESSAGES.mobileMismatch, path: ['confirm'] });

/** POST /twofactor/verify while signed in completes the SMS set-up. */
export const setupVerifyRequest = z.object({ code: twoFactorCode });

export const resetRequest = z.object({ email: safeString().trim().pipe(z.email(MESSAGES.forgotEmailInvalid)) });
export const setPasswordRequest = z.object({ password: resetPassword });

const activationFields = z.object({
  username: safeString().trim().pipe(z.email(MESSAGES.loginUsernameEmail)),
  password: resetPassword,
  password_confirmation: safeString(),
});
const confirmationMatches = (v: { password: string; password_confirmation: string }) =>
  v.password === v.password_confirmation;
const confirmationMismatch = { message: MESSAGES.passwordsDoNotMatch, path: ['password_confirmation'] };

/** The activation page's form: the fields the user types (the link holds the token). */
export const activationForm = activationFields.refine(confirmationMatches, confirmationMismatch);

export const activationRequest = activationFields
  .extend({ token: safeString({ error: MESSAGES.activationInvalid }).min(1, MESSAGES.activationInvalid) })
  .refine(confirmationMatches, confirmationMismatch);

const changePasswordFields = z.object({
  oldPassword: safeString({ error: MESSAGES.loginPasswordRequired }).min(1, MESSAGES.loginPasswordRequired),
  newPassword,
});
const newDiffersFromOld = (v: { oldPassword: string; newPassword: string }) => v.oldPassword !== v.newPassword;
const sameAsOld = { message: MESSAGES.newPasswordSameAsOld, path: ['newPassword'] };

export const changePasswordRequest = changePasswordFields.refine(newDiffersFromOld, sameAsOld);

/** The change-password form of spec/02 5: the request's rules, and the confirmation typed again. */
export const changePasswordForm = changePasswordFields
  .extend({ confirmPassword: z.string() })
  .refine(newDiffersFromOld, sameAsOld)
  .refine((v) => v.confirmPassword === v.newPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const registrationFormRequest = z.object({
  email: safeString().trim().pipe(z.email(MESSAGES.forgotEmailInvalid)),
});

/** A browser that skips the second factor (remember-me), as GET /twofactor/devices lists it. */
export const rememberedDevice = z.object({
  id: z.string(),
  /** The browser's own description of itself when it was remembered. */
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
  /** True for the browser making the call. */
  current: z.boolean(),
});
export type RememberedDevice = z.infer<typeof rememberedDevice>;
export const rememberedDeviceList = z.array(rememberedDevice);

/** GET /set-password/check: the reset link's query, checked without using the link. */
/** GET /activation/check?token=: whether an activation link still works, without using it. */
export const activationLinkQuery = z.object({
  token: safeString({ error: MESSAGES.activationInvalid })
    .min(1, MESSAGES.activationInvalid)
    .max(100, MESSAGES.activationInvalid),
});

export const resetLinkQuery = z.object({
  token: safeString().min(1).max(100),
  signature: safeString().min(1).max(100),
});
