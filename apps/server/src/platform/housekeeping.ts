import { inArray, isNotNull, lt, max, or } from 'drizzle-orm';
import type { BackgroundWork } from './shutdown.js';
import type { Deps } from './deps.js';
import { asJob } from './logging.js';
import { storageOf } from './storage.js';
import { keysNamedByRows } from './stored-keys.js';
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
 * The Storage's housekeeping: temporary parts and stored objects older than
 * an hour that no row names are removed. The log says how many, never which.
 */
export async function sweepStorage(deps: Deps) {
  const removed = await storageOf(deps).sweep(new Date(Date.now() - HOUR), (keys) => keysNamedByRows(deps.db, keys));
  if (removed.parts + removed.objects > 0) {
    deps.log.info(
      removed,
      `storage housekeeping: removed ${removed.parts} temporary parts and ${removed.objects} stored objects no row names`,
    );
  }
  return removed;
}

export async function runHousekeeping(deps: Deps) {
  await purgeExpired(deps);
  await sweepStorage(deps);
}

/** Runs the housekeeping at start and every hour; the timer does not keep the process alive. */
export function scheduleHousekeeping(deps: Deps): BackgroundWork {
  let running: Promise<void> | null = null;
  const run = () => {
    // One pass at a time; stop() waits for the one in progress, so shutdown closes the database after it.
    running ??= asJob(deps, 'housekeeping', runHousekeeping)
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
