import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { pgliteTextParsers, pgTextTypes } from './text-types.js';

export type Schema = typeof schema;
/** Both drivers give the same query builder; modules only see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same builder; queries take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The rows of a statement run with `execute`: PGlite and node-postgres both answer `{ rows }`
 * (pg's QueryResult, PGlite's Results), but Drizzle types the answer per driver, so code written
 * for both cannot read it without this.
 */
export async function rowsOf<R>(db: Db | Tx, query: SQL): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool, for its figures (GET /api/metrics); PGlite has one connection. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  /**
   * Runs work of a start that must happen once however many processes start together (the demo
   * seed): under the migrations' advisory lock on PostgreSQL, as it comes on PGlite (one process
   * per data directory). The work checks whether it is still to do.
   */
  once<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** apps/server/drizzle, from src/db or dist/db alike. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export class DataDirLockedError extends Error {}

/** The newest migration of the journal (its `when`): what an up-to-date database records. */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

type Executor = { execute(query: SQL): Promise<unknown> };

/**
 * Whether the database already holds every migration, asked with one query of a table of our own
 * (`portal_schema`, written after migrating) instead of running drizzle's migrator on every start:
 * the migrator reads and hashes every migration file and runs its statements each time (cold start).
 * Drizzle's own bookkeeping table is the migrator's private business and is not read.
 */
async function upToDate(db: Executor, newest: number): Promise<boolean> {
  // Asked first, so a new database does not log an error for a missing table (PostgreSQL resolves
  // every table of a statement before running it).
  const table = (await db.execute(sql`select to_regclass('public.portal_schema') is not null as present`)) as {
    rows: { present: boolean }[];
  };
  if (!table.rows[0]?.present) return false;
  const result = (await db.execute(sql`select migrated_to from portal_schema where id = 1`)) as {
    rows: { migrated_to: string | number | null }[];
  };
  return Number(result.rows[0]?.migrated_to ?? 0) >= newest;
}

async function recordMigrated(db: Executor, newest: number) {
  await db.execute(
    sql`create table if not exists portal_schema (id smallint primary key, migrated_to bigint not null)`,
  );
  await db.execute(
    sql`insert into portal_schema (id, migrated_to) values (1, ${newest}) on conflict (id) do update set migrated_to = greatest(portal_schema.migrated_to, excluded.migrated_to)`,
  );
}

/** Migrates a database that is behind (PGlite: one process per data directory, so no lock is needed). */
async function migrateIfBehind(db: Executor, migrate: () => Promise<void>) {
  const newest = newestMigration();
  if (await upToDate(db, newest)) return;
  await migrate();
  await recordMigrated(db, newest);
}

/** The advisory lock every portal process takes for the work of a start that must happen once (any fixed number of our own). */
export const START_LOCK_KEY = 7_256_301_447;

/**
 * PostgreSQL: several processes may start at once on one database. What must happen once (the
 * migrations, the demo seed) runs while holding the advisory lock: the others wait on it, then find
 * the work done. The lock is a session lock on a connection of its own (the work runs on others of
 * the pool), and PostgreSQL releases it if the process dies mid-way.
 */
async function underStartLock<T>(pool: import('pg').Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Migrates under the start lock; an up-to-date database (every start but the first) takes no lock. */
async function migrateUnderLock(pool: import('pg').Pool, db: Executor, migrate: () => Promise<void>) {
  const newest = newestMigration();
  if (await upToDate(db, newest)) return;
  await underStartLock(pool, async () => {
    if (await upToDate(db, newest)) return;
    await migrate();
    await recordMigrated(db, newest);
  });
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
 * The PostgreSQL extensions the migrations create, from PGlite's contrib (PGlite loads an
 * extension only when it is opened with it): pg_trgm for the audit list's user text.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

/**
 * PGlite's own start parameters, with a buffer pool of 32 MB instead of initdb's 128 MB. PGlite
 * touches the whole pool as it starts: 128 MB cost about 70 ms of a 380 ms open (page faults, the
 * server's cold start, bench/README.md "The ICS feed written once, and the embedded database's
 * start"), and 96 MB more memory in each process and each test file's database. The embedded
 * database is the one for development, demonstrations and small installations (a PostgreSQL server
 * keeps its own settings); a page beyond the pool is read from the operating system's cache.
 */
export const pgliteStartParams = (defaults: readonly string[]) => [...defaults, '-c', 'shared_buffers=32MB'];

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
    const options = {
      extensions: await pgliteExtensions(),
      startParams: pgliteStartParams(PGlite.defaultStartParams),
      // Dates, timestamps and intervals as text for every query (text-types.ts).
      parsers: pgliteTextParsers(),
    };
    const client = dataDir
      ? await PGlite.create(path.join(dataDir, 'pg'), options)
      : await PGlite.create(from ? { loadDataDir: from, ...options } : options);
    const db = drizzle({ client, schema, casing: 'snake_case' });
    if (!from) await migrateIfBehind(db, () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      once: (work) => work(),
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
  // Dates, timestamps and intervals as text for every query (text-types.ts).
  const pool = new pg.default.Pool({ connectionString: url, max: 10, min: 10, types: pgTextTypes(pg.default.types) });
  // An idle connection the server ends (restart, admin kill) is dropped from the pool and the next
  // query opens a new one; without a listener the 'error' event would end the process.
  pool.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
  // The pool listens only while a connection is idle. One lent out (a transaction between its
  // statements, or one whose BEGIN just failed) that the server ends emits 'error' on the client
  // with no listener, which ended the process (production/two-processes.prod.ts, connections cut).
  // The query in flight fails on its own, and the pool drops the broken client when it is released.
  pool.on('connect', (client) =>
    client.on('error', (err) => console.warn(`PostgreSQL closed a connection in use: ${err.message}`)),
  );
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  if (!opts.migrated) await migrateUnderLock(pool, db, () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    pool,
    once: (work) => underStartLock(pool, work),
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
async function untilPoolQuiet(
  pool: { totalCount: number; idleCount: number; waitingCount: number },
  quietMs = 50,
  maxMs = 5000,
) {
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
