import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP minimum (19 MiB, 2 passes): slow enough to hurt guessing, fast enough for a sign-in.
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash to verify against when the account does not exist, so both cases take the same time. */
let dummy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummy ??= hashPassword('no-such-account-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
