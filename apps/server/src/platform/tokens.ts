import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 bits of randomness, URL-safe: session tokens, remember-me secrets, link tokens. */
export const newToken = () => randomBytes(32).toString('base64url');

// One-shot: no Hash object per call (every authenticated request hashes its token).
export const sha256 = (value: string) => hash('sha256', value, 'hex');

export const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A 4-digit code, 0000-9999, from a CSPRNG. */
export const newCode = () => String(randomInt(0, 10_000)).padStart(4, '0');
