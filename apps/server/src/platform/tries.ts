import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { limitCounters } from '../db/schema/index.js';
import type { Deps } from './deps.js';
import { tooManyRequests } from './errors.js';

/**
 * Limits on tries (sign-in, codes, mails and calls of public forms), counted in `limit_counters`
 * and checked in one atomic statement before the work they guard, so parallel requests cannot slip
 * past them. Shared by every area that counts tries.
 */

/**
 * Counts one try against each key in one upsert and answers each key's count including this try;
 * a key whose window is over starts again at 1. Distinct keys only (one statement may not update a
 * row twice). Read-then-write would let parallel requests all see the count before theirs.
 */
export async function countTries(db: Db | Tx, keys: string[], windowMinutes: number): Promise<Record<string, number>> {
  const expired = sql`${limitCounters.windowStart} <= now() - make_interval(mins => ${windowMinutes}::int)`;
  const rows = await db
    .insert(limitCounters)
    .values(keys.map((key) => ({ key, count: 1 })))
    .onConflictDoUpdate({
      target: limitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${limitCounters.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${limitCounters.windowStart} end`,
      },
    })
    .returning({ key: limitCounters.key, count: limitCounters.count });
  return Object.fromEntries(rows.map((r) => [r.key, r.count]));
}

/**
 * Counts one try against each key (key -> its most in the window) in ONE statement, and refuses
 * (429) when any is past its most: the contact form's address and sender email.
 */
export async function takeTries(deps: Deps, limits: Record<string, number>, windowMinutes: number) {
  const counts = await countTries(deps.db, Object.keys(limits), windowMinutes);
  if (Object.entries(limits).some(([key, max]) => (counts[key] ?? 0) > max)) throw tooManyRequests();
}

/**
 * Counts one call of a public form against the caller's address, and refuses past `max` in the
 * window: registrations and the wizard's facility lookup.
 */
export async function takeAddressTry(deps: Deps, kind: string, ip: string, max: number, windowMinutes: number) {
  await takeTries(deps, { [`${kind}-from:${ip}`]: max }, windowMinutes);
}
