import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers give the same query builder; modules only see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same builder; queries take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** apps/server/drizzle, from src/db or dist/db alike. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export class DataDirLockedError extends Error {}

/**
 * Runs `migrate` only when the journal holds a migration newer than the database's last one: the
 * rule drizzle's migrator applies itself (a migration runs when its `when` is after the newest
 * `created_at`), asked with one query instead of reading and hashing every migration file and
 * running its CREATE ... IF NOT EXISTS statements on every start (issue 14: cold start). A
 * database without the migrations table (a new one) migrates.
 */
async function migrateIfBehind(db: { execute(query: SQL): Promise<unknown> }, migrate: () => Promise<void>) {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  // Asked first, so a new database does not log an error for a missing table.
  const table = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as { rows: { present: boolean }[] };
  if (table.rows[0]?.present) {
    const result = (await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)) as { rows: { last: string | number | null }[] };
    if (Number(result.rows[0]?.last ?? 0) >= newest) return;
  }
  await migrate();
}

/**
 * PGlite allows one process per data directory; a second one would corrupt it. The lock file holds
 * the owner's pid, and a lock whose process is gone is taken over.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'portal.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DataDirLockedError(
        `Another portal process (pid ${pid}) is using the data directory ${dir}. ` +
          'Stop it first, or set DATA_DIR to another folder.',
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * `from`, for an in-memory database only: a data directory dumped (`dumpDataDir`) from a migrated
 * one, loaded instead of migrating again (tests clone a template this way, test/global-setup.ts).
 */
export async function openPglite(dataDir: string | null, from?: Blob): Promise<Database> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const client = dataDir ? await PGlite.create(path.join(dataDir, 'pg')) : await PGlite.create(from ? { loadDataDir: from } : {});
    const db = drizzle({ client, schema, casing: 'snake_case' });
    if (!from) await migrateIfBehind(db, () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}

/** `migrated`: the database was cloned from a migrated template (tests), so migrating is skipped. */
export async function openPostgres(url: string, opts: { migrated?: boolean } = {}): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // min = max: a connection handed back while no query waits is not given an idle timer (pg-pool
  // sets one on every such release: a timer made and cleared per query, ~1.5 % of a list call's CPU
  // under load); the ten connections stay open once made.
  const pool = new pg.default.Pool({ connectionString: url, max: 10, min: 10 });
  // An idle connection the server ends (restart, admin kill) is dropped from the pool and the next
  // query opens a new one; without a listener the 'error' event would end the process.
  pool.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  if (!opts.migrated) await migrateIfBehind(db, () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    close: async () => {
      await untilPoolQuiet(pool);
      await pool.end();
    },
  };
}

/**
 * Waits, at most `maxMs`, until no connection of the pool is lent out and no query waits for one,
 * and it stayed so for `quietMs`. The server's close waits only for requests whose clients are still
 * connected: when a load run ends, its clients hang up with requests in flight, and their handlers
 * went on to query a pool already ended ('Cannot use a pool after calling end on the pool'). A
 * handler between two of its queries holds no connection for well under `quietMs`.
 */
async function untilPoolQuiet(pool: { totalCount: number; idleCount: number; waitingCount: number }, quietMs = 50, maxMs = 5000) {
  const started = Date.now();
  let quietSince: number | null = null;
  while (Date.now() - started < maxMs) {
    const busy = pool.waitingCount > 0 || pool.idleCount < pool.totalCount;
    if (busy) quietSince = null;
    else if (quietSince === null) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((r) => setTimeout(r, 5));
  }
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
