import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * An authenticator app (TOTP, RFC 6238), one per user. The secret is stored encrypted with a key
 * derived from APP_SECRET (modules/auth/totp.ts); `confirmedAt` is set once the user typed a code
 * from the app, and only then does sign-in ask for it. `lastStep` is the newest 30-second step whose
 * code was accepted: a code is taken by raising it in one conditional UPDATE, so each code works once.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  lastStep: integer(),
  /** False once the user turned off codes by email or SMS as the app's fallback (it goes with the app). */
  codeFallback: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored as SHA-256 hashes; `usedAt` is set in the statement that takes one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** WebAuthn credentials (passkeys). `id` is the credential id (base64url); the counter only goes up. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: integer().notNull().default(0),
    transports: text().array(),
    backedUp: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges, kept server-side: single use (consumed by one DELETE ... RETURNING) and
 * expiring. A registration's names its user; a sign-in's none (discoverable credentials).
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: uuid().primaryKey().defaultRandom(),
  userId: integer().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text({ enum: ['register', 'authenticate'] }).notNull(),
  challenge: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
