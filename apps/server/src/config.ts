import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LIMITS } from '@portal/shared';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Loopback unless told otherwise: a development server is not reachable from the network. */
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  MAIL_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Members Portal <no-reply@portal.test>'),
  /** The body's mailbox: every contact message is mailed there too (through the outbox). */
  CONTACT_EMAIL: z.email('CONTACT_EMAIL must be an email address').optional(),
  SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  APP_URL: z.url().optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must have at least 32 characters').optional(),
  MAX_UPLOAD_KB: z.coerce.number().int().positive().default(LIMITS.maxUploadKb),
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  /** Multiplies every per-minute request limit; tests raise it, the defaults suit production. */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /** zod checks the hot routes' answers before writing them; off in production (bench/ turns it off too). */
  CHECK_RESPONSES: flag.optional(),
  WEB_DIST: z.string().optional(),
  /** redis://host:port: the per-address request limits are counted there, shared by every process. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of the portal's Redis keys (several portals, or test runs, on one Redis). */
  REDIS_PREFIX: z.string().default('portal-rate-limit:'),
  /** GET /api/metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, it is 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  /** On SIGTERM, how long requests in flight (uploads too) may take before connections are cut. */
  SHUTDOWN_GRACE_S: z.coerce.number().positive().default(25),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  mailUrl?: string;
  mailFrom: string;
  smsUrl?: string;
  /** Where contact messages are mailed; without it they reach the admins in the portal only. */
  contactEmail?: string;
  appUrl: string;
  /** Signs cookies and emailed links. */
  secret: string;
  maxUploadKb: number;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  rateLimitFactor: number;
  checkResponses: boolean;
  webDist?: string;
  redisUrl?: string;
  redisPrefix: string;
  metricsToken?: string;
  shutdownGraceMs: number;
}

export class ConfigError extends Error {}

/**
 * Reads the environment once at start and fails fast with every problem listed. Without APP_SECRET
 * a random secret is kept in DATA_DIR so sessions and links survive a restart.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to '' (as env files and compose often leave them) counts as not set.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const problems = e.NODE_ENV === 'production' ? productionProblems(e) : [];
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM,
    smsUrl: e.SMS_URL,
    contactEmail: e.CONTACT_EMAIL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    secret: e.APP_SECRET ?? secretFromDataDir(dataDir),
    maxUploadKb: e.MAX_UPLOAD_KB,
    // Demo accounts have a published password: never in production (SEED_DEMO=true is refused above).
    seedDemo: e.NODE_ENV !== 'production' && (e.SEED_DEMO ?? true),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    checkResponses: e.CHECK_RESPONSES ?? e.NODE_ENV !== 'production',
    webDist: e.WEB_DIST,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_S * 1000,
  };
}

/**
 * Production has no development mailbox and no demo data (issue 7 "Safe production defaults"):
 * codes and links must go out by mail, and the secret that signs them must be the operator's.
 */
function productionProblems(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.MAIL_URL) problems.push('MAIL_URL: required in production (smtp://user:pass@host:port); sign-in codes and links go out by mail, and there is no development mailbox');
  if (!e.APP_SECRET) problems.push('APP_SECRET: required in production (at least 32 random characters); it signs cookies and emailed links');
  if (e.SEED_DEMO) problems.push('SEED_DEMO: demo data is never added in production (its accounts share a published password); remove SEED_DEMO');
  return problems;
}

function secretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, '.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
