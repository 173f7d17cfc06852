import { z } from 'zod';
import { SECOND_FACTOR } from '../constants.js';
import { MESSAGES, SECOND_FACTOR_MESSAGES as M } from '../messages.js';
import { loginResponse } from './auth.js';
import { safeInt, safeString } from './common.js';

/** A code from an authenticator app: 6 digits (spaces typed between groups are dropped). */
export const totpCode = safeString({ error: M.appCodeSixDigits })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, M.appCodeSixDigits));

/** A recovery code as shown (xxxxx-xxxxx); case, spaces and dashes are forgiven. */
export const recoveryCode = safeString({ error: M.recoveryCodeRequired })
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().min(1, M.recoveryCodeRequired).max(40, M.recoveryCodeRequired));

/** POST /twofactor/app/setup: the secret to type or scan; not yet in force. */
export const totpSetupResponse = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code of otpauth_url as an SVG data URL, drawn by the server (never a remote service). */
  qr: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

export const totpConfirmRequest = z.object({ code: totpCode });

/** Answers that show the new recovery codes, once. */
export const recoveryCodesResponse = z.object({ message: z.string(), recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const passkeyItem = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

/** GET /twofactor/factors: what the user has besides the spec's codes. */
export const secondFactorStatus = z.object({
  app: z.boolean(),
  /** With an app: whether a code by email or SMS may still be asked for instead (the user's switch). */
  code_fallback: z.boolean(),
  passkeys: z.array(passkeyItem),
  recovery_codes_left: z.number(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;

/** PUT /twofactor/app/code-fallback: the user's switch. */
export const codeFallbackRequest = z.object({ enabled: z.boolean() });

/** POST /twofactor/reauthenticate: the password again, before a change of second factors. */
export const reauthenticateRequest = z.object({
  password: safeString({ error: MESSAGES.loginPasswordRequired }).min(1, MESSAGES.loginPasswordRequired).max(200),
});

/** The second step of a sign-in with the app's code or a recovery code. */
export const appVerifyRequest = z.object({ code: totpCode, remember_me: z.boolean().optional().default(false) });
export const recoveryVerifyRequest = z.object({
  code: recoveryCode,
  remember_me: z.boolean().optional().default(false),
});

export const passkeyName = safeString({ error: M.passkeyNameRequired })
  .trim()
  .min(1, M.passkeyNameRequired)
  .max(SECOND_FACTOR.passkeyNameMax);

/** PUT /twofactor/passkeys/{id}: a new name for one of one's passkeys. */
export const passkeyRenameRequest = z.object({ name: passkeyName });

/** The browser's answers (@simplewebauthn/browser's RegistrationResponseJSON / AuthenticationResponseJSON). */
const b64 = safeString().max(100_000);
const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });
export const registrationResponseJson = z.object({
  id: b64,
  rawId: b64,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
  response: z.object({
    clientDataJSON: b64,
    attestationObject: b64,
    authenticatorData: b64.optional(),
    transports: z.array(safeString().max(40)).max(10).optional(),
    publicKeyAlgorithm: safeInt().optional(),
    publicKey: b64.optional(),
  }),
});
export const authenticationResponseJson = z.object({
  id: b64,
  rawId: b64,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
  response: z.object({
    clientDataJSON: b64,
    authenticatorData: b64,
    signature: b64,
    userHandle: b64.optional(),
  }),
});

/** Options for navigator.credentials (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), with the challenge's id. */
export const passkeyOptionsResponse = z.object({
  challenge_id: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponse>;

export const passkeyRegisterRequest = z.object({
  challenge_id: z.uuid(),
  name: passkeyName,
  response: registrationResponseJson,
});

export const passkeyLoginRequest = z.object({
  challenge_id: z.uuid(),
  response: authenticationResponseJson,
  remember_me: z.boolean().optional().default(false),
});
/** A passkey sign-in answers as POST /login does, already past the second factor. */
export const passkeyLoginResponse = loginResponse;
