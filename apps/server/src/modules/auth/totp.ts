import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { PRODUCT_NAME, SECOND_FACTOR } from '@portal/shared';
import { moduleExports } from '../../platform/module-exports.js';

/**
 * Authenticator-app codes (TOTP, RFC 6238) through otplib, and the secret's encryption at rest.
 * The secret is encrypted with AES-256-GCM under a key derived from APP_SECRET (HKDF), so a copy
 * of the database alone does not give anyone the codes.
 */

let otpLoading: Promise<typeof import('otplib')> | undefined;
/**
 * otplib and the QR code maker load at their first use (setting up or checking a code), not with
 * the server's modules at start (bench/README.md, cold start).
 */
function otp() {
  otpLoading ??= import('otplib');
  return otpLoading;
}

const keyOf = (appSecret: string) =>
  Buffer.from(hkdfSync('sha256', appSecret, 'portal-totp', 'totp-secret-at-rest', 32));

export function encryptSecret(appSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

export function decryptSecret(appSecret: string, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new base32 secret of 20 bytes (160 bits, RFC 4226's recommendation). */
export async function newTotpSecret() {
  return (await otp()).generateSecret({ length: 20 });
}

/** The otpauth:// address an app reads, and its QR code drawn here as an SVG data URL. */
export async function provisioning(secret: string, accountName: string) {
  const [{ generateURI }, QRCode] = await Promise.all([otp(), moduleExports(import('qrcode'))]);
  const url = generateURI({
    issuer: PRODUCT_NAME,
    label: accountName,
    secret,
    digits: SECOND_FACTOR.totpDigits,
    period: SECOND_FACTOR.totpPeriodSeconds,
  });
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { url, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The 30-second step whose code `token` is, within one step of drift either way; null when it is
 * none of them. Using a step once is the caller's (a conditional UPDATE of the stored last step).
 */
export async function matchingStep(secret: string, token: string, now = Date.now()): Promise<number | null> {
  const result = await (
    await otp()
  ).verify({
    secret,
    token,
    epoch: Math.floor(now / 1000),
    period: SECOND_FACTOR.totpPeriodSeconds,
    digits: SECOND_FACTOR.totpDigits,
    epochTolerance: SECOND_FACTOR.totpDriftSteps * SECOND_FACTOR.totpPeriodSeconds,
  });
  // The functional verify answers HOTP's result type too; a TOTP match carries its step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
