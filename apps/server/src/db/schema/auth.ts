import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Opaque bearer tokens, stored as SHA-256 hashes. stage 'pending' waits for the second factor. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text({ enum: ['pending', 'active'] }).notNull(),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * When the user last proved who they are in this session (the sign-in, or the password asked
     * again): changing second factors needs it recent (SECOND_FACTOR.reauthMinutes).
     */
    authenticatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Second-factor codes, for signing in (per pending session) and for the SMS set-up. */
export const twoFactorCodes = pgTable(
  'two_factor_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid().references(() => sessions.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['login', 'setup'] }).notNull(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    destination: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('two_factor_codes_user_idx').on(t.userId, t.purpose)],
);

/** The 15-day remember-me: the cookie holds id and secret, the table its hash. One row per browser. */
export const rememberTokens = pgTable(
  'remember_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    /** The browser that asked to be remembered, so the owner can tell devices apart on /profile2fa. */
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('remember_tokens_user_idx').on(t.userId)],
);

/**
 * Tries counted in a time window, by key: 'login-account:<email>', 'login-address:<ip>',
 * 'code-guess:<user id>', 'reset-to:<email>' ... Each try is counted and checked in one upsert
 * (auth.queries.ts countTries), so parallel requests cannot slip past a limit.
 */
export const limitCounters = pgTable('limit_counters', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Reset and activation links: single use, expiring; the token is stored hashed. */
export const oneTimeLinks = pgTable(
  'one_time_links',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['reset', 'activation'] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_links_user_idx').on(t.userId, t.purpose)],
);
