import { inArray, isNotNull, lt, max, or, sql } from 'drizzle-orm';
import type { BackgroundWork } from './shutdown.js';
import { rowsOf } from '../db/client.js';
import type { Deps } from './deps.js';
import { asJob } from './logging.js';
import { storageOf } from './storage/storage.js';
import { keysNamedByRows } from './storage/named-by-rows.js';
import {
  importStaging,
  oneTimeLinks,
  rememberTokens,
  sessions,
  limitCounters,
  twoFactorCodes,
} from '../db/schema/index.js';

const HOUR = 3_600_000;

/**
 * Removes what can no longer be used: expired sessions, codes, links, remember-me tokens, old limit
 * counters, and the staging of imports a stopped process left (modules/imports).
 */
export async function purgeExpired(deps: Deps) {
  const now = new Date();
  const dayAgo = new Date(Date.now() - 24 * HOUR);
  await deps.db.delete(sessions).where(lt(sessions.expiresAt, now));
  await deps.db.delete(twoFactorCodes).where(lt(twoFactorCodes.expiresAt, dayAgo));
  await deps.db.delete(oneTimeLinks).where(or(lt(oneTimeLinks.expiresAt, dayAgo), isNotNull(oneTimeLinks.usedAt)));
  await deps.db
    .delete(rememberTokens)
    .where(or(lt(rememberTokens.expiresAt, now), isNotNull(rememberTokens.revokedAt)));
  await deps.db.delete(limitCounters).where(lt(limitCounters.windowStart, dayAgo));
  await purgeAbandonedImports(deps);
}

/**
 * An import stages a batch every few milliseconds while it runs and removes its rows when it ends,
 * so one whose newest row is an hour old was stopped mid-file (a crash, kill -9). Not simply
 * everything at start: on PostgreSQL `npm run import` may be importing beside the server.
 */
async function purgeAbandonedImports(deps: Deps) {
  const hourAgo = new Date(Date.now() - HOUR);
  const abandoned = deps.db
    .select({ id: importStaging.importId })
    .from(importStaging)
    .groupBy(importStaging.importId)
    .having(lt(max(importStaging.createdAt), hourAgo));
  await deps.db.delete(importStaging).where(inArray(importStaging.importId, abandoned));
}

/**
 * The Storage's housekeeping: temporary parts and stored objects that no row names, older than
 * STORAGE_SWEEP_GRACE_S (an hour), are removed. The log says how many, never which.
 */
export async function sweepStorage(deps: Deps) {
  const before = new Date(Date.now() - deps.config.storageSweepGraceMs);
  const removed = await storageOf(deps).sweep(before, (keys) => keysNamedByRows(deps.db, keys));
  if (removed.parts + removed.objects > 0) {
    deps.log.info(
      removed,
      `storage housekeeping: removed ${removed.parts} temporary parts and ${removed.objects} stored objects no row names`,
    );
  }
  return removed;
}

/**
 * The tables autovacuum would vacuum or analyze now, by its default thresholds: dead rows over 50 +
 * 20 % of the table, rows inserted since the last vacuum over 1,000 + 20 %, rows changed since the
 * last analyze over 50 + 10 %. Schema and name quoted by PostgreSQL.
 */
const OVERDUE = sql`select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
     or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
     or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
  order by s.relname`;

/**
 * The embedded database's autovacuum, which PGlite does not run (no background workers: its
 * `autovacuum` setting says on, and 50,000 dead rows were still there a minute later). Without it
 * deleted and updated rows (sessions, codes, limit counters, the outbox) were never reclaimed,
 * the planner had no statistics, and no index-only scan could skip the table. Each overdue
 * table gets `vacuum (analyze)`, one at a time: on PGlite's one connection a request waits for
 * it, which for the tables of an embedded portal's size takes milliseconds. A PostgreSQL server
 * keeps its own autovacuum and is left to it.
 */
export async function vacuumOverdue(deps: Deps): Promise<string[]> {
  const names = (await rowsOf<{ name: string }>(deps.db, OVERDUE)).map((r) => r.name);
  const started = performance.now();
  for (const name of names) await deps.db.execute(sql.raw(`vacuum (analyze) ${name}`));
  const ms = Math.round(performance.now() - started);
  if (names.length > 0)
    deps.log.info({ tables: names.length, ms }, `housekeeping: vacuumed ${names.length} tables in ${ms} ms`);
  return names;
}

export async function runHousekeeping(deps: Deps, embedded = false) {
  await purgeExpired(deps);
  await sweepStorage(deps);
  if (embedded) await vacuumOverdue(deps);
}

/**
 * Runs the housekeeping at start and every hour; the timer does not keep the process alive.
 * `embedded`: the database is PGlite, which has no autovacuum of its own (vacuumOverdue).
 */
export function scheduleHousekeeping(deps: Deps, embedded = false): BackgroundWork {
  let running: Promise<void> | null = null;
  const run = () => {
    // One pass at a time; stop() waits for the one in progress, so shutdown closes the database after it.
    running ??= asJob(deps, 'housekeeping', (d) => runHousekeeping(d, embedded))
      .catch((e: unknown) => deps.log.error({ err: e }, 'housekeeping failed'))
      .finally(() => (running = null));
    return running;
  };
  void run();
  const timer = setInterval(() => void run(), HOUR);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
