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
  /** The files of one request together; at least one file of MAX_UPLOAD_KB. */
  UPLOAD_REQUEST_MAX_KB: z.coerce.number().int().positive().optional(),
  /** What one user may upload in an hour, counted in the database (every process together). */
  UPLOAD_KB_PER_HOUR: z.coerce.number().int().positive().default(LIMITS.uploadKbPerHour),
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  /** False: users with an authenticator app may not fall back to an emailed or texted code. */
  SECOND_FACTOR_CODE_FALLBACK: flag.default(true),
  /** Multiplies every per-minute request limit; tests raise it, the defaults suit production. */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /** zod checks the hot routes' answers before writing them; off in production (bench/ turns it off too). */
  CHECK_RESPONSES: flag.optional(),
  /** The API's OpenAPI document and its browser at /api/docs: on, except in production unless asked. */
  API_DOCS: flag.optional(),
  WEB_DIST: z.string().optional(),
  /** Files go to this S3 bucket (any S3-compatible server) instead of DATA_DIR/files. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3-63 of a-z, 0-9, . and -)')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** redis://host:port: the per-address request limits are counted there, shared by every process. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of the portal's Redis keys (several portals, or test runs, on one Redis). */
  REDIS_PREFIX: z.string().default('portal-rate-limit:'),
  /** GET /api/metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, it is 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  /** On SIGTERM, how long requests in flight (uploads too) may take before connections are cut. */
  SHUTDOWN_GRACE_S: z.coerce.number().positive().default(25),
  /**
   * A connection on which nothing moves, either way, for this long is closed: a client that stops
   * reading an answer (or sending a body) no longer holds its socket and buffers until the process
   * stops. Long enough for the slowest request the server works on in silence (an import).
   */
  SOCKET_IDLE_TIMEOUT_S: z.coerce.number().positive().default(120),
  /**
   * Storage housekeeping removes a temporary part, or an object no row names, only once it is this
   * old: a younger one may be an upload whose row is about to commit.
   */
  STORAGE_SWEEP_GRACE_S: z.coerce.number().positive().default(3600),
});

/** Where files go when S3_BUCKET is set. Without keys the SDK's own chain (environment, instance role) is used. */
export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

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
  uploadRequestMaxKb: number;
  uploadKbPerHour: number;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  secondFactorCodeFallback: boolean;
  rateLimitFactor: number;
  checkResponses: boolean;
  /** /api/docs and /api/docs/json are served. */
  apiDocs: boolean;
  webDist?: string;
  /** Files in S3 instead of DATA_DIR/files. */
  s3?: S3Settings;
  redisUrl?: string;
  redisPrefix: string;
  metricsToken?: string;
  shutdownGraceMs: number;
  /** Fastify's connectionTimeout: the socket's inactivity timeout. */
  socketIdleTimeoutMs: number;
  /** How old an unnamed object or a temporary part must be before housekeeping removes it. */
  storageSweepGraceMs: number;
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
  const problems = [...(e.NODE_ENV === 'production' ? productionProblems(e) : []), ...s3Problems(e)];
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
    uploadRequestMaxKb: e.UPLOAD_REQUEST_MAX_KB ?? Math.max(LIMITS.uploadRequestMaxKb, e.MAX_UPLOAD_KB),
    uploadKbPerHour: e.UPLOAD_KB_PER_HOUR,
    // Demo accounts have a published password: never in production (SEED_DEMO=true is refused above).
    seedDemo: e.NODE_ENV !== 'production' && (e.SEED_DEMO ?? true),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    secondFactorCodeFallback: e.SECOND_FACTOR_CODE_FALLBACK,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    checkResponses: e.CHECK_RESPONSES ?? e.NODE_ENV !== 'production',
    // A map of every call for whoever asks: off in production unless the operator wants it.
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    webDist: e.WEB_DIST,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_S * 1000,
    socketIdleTimeoutMs: e.SOCKET_IDLE_TIMEOUT_S * 1000,
    storageSweepGraceMs: e.STORAGE_SWEEP_GRACE_S * 1000,
  };
}

/** A key id without its secret (or the reverse) is a half-copied setting, not a choice. */
function s3Problems(e: z.output<typeof envSchema>): string[] {
  if (Boolean(e.S3_ACCESS_KEY_ID) === Boolean(e.S3_SECRET_ACCESS_KEY)) return [];
  return ['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither'];
}

/**
 * Production has no development mailbox and no demo data:
 * codes and links must go out by mail, and the secret that signs them must be the operator's.
 */
function productionProblems(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.MAIL_URL)
    problems.push(
      'MAIL_URL: required in production (smtp://user:pass@host:port); sign-in codes and links go out by mail, and there is no development mailbox',
    );
  if (!e.APP_SECRET)
    problems.push(
      'APP_SECRET: required in production (at least 32 random characters); it signs cookies and emailed links',
    );
  if (e.SEED_DEMO)
    problems.push(
      'SEED_DEMO: demo data is never added in production (its accounts share a published password); remove SEED_DEMO',
    );
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
