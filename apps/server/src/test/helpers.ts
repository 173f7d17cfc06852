import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { devMessages } from '../db/schema/index.js';
import { seedDemo } from '../db/seed/seed.js';
import { DEMO_PASSWORD } from '../db/seed/demo-data.js';
import { createStorage } from '../platform/storage/storage.js';

import { onServer } from './global-setup.js';
import type { LogStream } from '../platform/logging.js';
import { filesUnder } from './multipart.js';

export { DEMO_PASSWORD };

let pgliteTemplate: Blob | undefined;

/**
 * A fresh database for one test file, copied from the template migrated once per run
 * (global-setup.ts): PGlite in memory by default, a new database on the server of TEST_DATABASE_URL
 * when it is set.
 */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    return openPglite(null, pgliteTemplate);
  }
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(url, `create database ${name} template ${inject('pgTemplate')}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openPostgres(u.toString(), { migrated: true });
  return {
    ...database,
    close: async () => {
      await database.close();
      await onServer(url, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { seed?: boolean; logStream?: LogStream } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  // Each test app has its own folder for uploaded files.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: dataDir,
    APP_URL: 'http://portal.test',
    RATE_LIMIT_FACTOR: '100',
    ...(await s3Env()),
    ...env,
  });
  if (opts.seed !== false) await seedTelling(database.db, config);
  const app = await buildApp({ config, database, logger: Boolean(opts.logStream), logStream: opts.logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The demo data with its files. The storage logs why S3 refused a file rather than throwing it, so
 * that reason is put into the failure's message: CI's excerpt of a failed run then says it.
 */
async function seedTelling(db: Database['db'], config: Pick<Config, 'dataDir' | 's3'>) {
  const said: string[] = [];
  const storage = createStorage(config, { warn: (obj, msg) => said.push(`${msg} ${JSON.stringify(obj)}`) });
  try {
    await seedDemo(db, storage);
  } catch (e) {
    if (said.length === 0) throw e;
    throw new Error(`${(e as Error).message} (the storage said: ${said.join('; ')})`, { cause: e });
  }
}

/**
 * With TEST_STORAGE=s3 (npm run test:s3) the test app stores its files in a new bucket of the
 * run's S3 server instead of its data directory.
 */
async function s3Env(): Promise<Record<string, string>> {
  const endpoint = inject('s3Endpoint');
  if (!endpoint) return {};
  // Loaded only for the S3 run: the SDK is not read by the tests on the local disk.
  const [{ S3_TEST_KEY, testBucketName }, { s3Client }, { CreateBucketCommand }] = await Promise.all([
    import('./s3-server.js'),
    import('../platform/storage/s3.js'),
    import('@aws-sdk/client-s3'),
  ]);
  const bucket = testBucketName();
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3_TEST_KEY.id,
    S3_SECRET_ACCESS_KEY: S3_TEST_KEY.secret,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = await s3Client(loadConfig({ ...env, DATA_DIR: tmpdir(), APP_SECRET: 'x'.repeat(32) }).s3!);
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return env;
}

/**
 * Everything the app's storage holds: the files under DATA_DIR/files (temporary parts too), or
 * the keys in its S3 bucket, where DATA_DIR/files must then stay empty (no file of the portal's
 * goes to DATA_DIR when S3 is used).
 */
export async function storedObjects(config: Config): Promise<string[]> {
  const onDisk = filesUnder(path.join(config.dataDir, 'files'));
  if (!config.s3) return onDisk;
  if (onDisk.length > 0) throw new Error(`files written to DATA_DIR with S3 in use: ${onDisk.join(', ')}`);
  const [{ s3Client }, { ListObjectsV2Command }] = await Promise.all([
    import('../platform/storage/s3.js'),
    import('@aws-sdk/client-s3'),
  ]);
  const client = await s3Client(config.s3);
  try {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: config.s3.bucket, ContinuationToken }));
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  } finally {
    client.destroy();
  }
}

/** The newest message the dev mailbox holds for an address. */
export async function lastMessageTo(t: TestApp, to: string) {
  const [row] = await t.database.db
    .select()
    .from(devMessages)
    .where(eq(devMessages.to, to))
    .orderBy(desc(devMessages.id))
    .limit(1);
  return row ?? null;
}

export async function lastCodeTo(t: TestApp, to: string): Promise<string> {
  const m = await lastMessageTo(t, to);
  const code = m?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export function login(t: TestApp, username: string, password = DEMO_PASSWORD, cookies?: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, cookies });
}

/** Signs in through the emailed code and answers the signed-in token. */
export async function loginAs(t: TestApp, email: string): Promise<string> {
  const res = await login(t, email);
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  const pending = res.json<{ token: string }>().token;
  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/twofactor/verify',
    headers: auth(pending),
    payload: { code: await lastCodeTo(t, email) },
  });
  if (verify.statusCode !== 200) throw new Error(`verify ${email}: ${verify.statusCode} ${verify.body}`);
  return verify.json<{ token: string }>().token;
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json<T>();
