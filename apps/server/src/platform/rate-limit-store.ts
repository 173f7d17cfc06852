import type { FastifyRateLimitStore } from '@fastify/rate-limit';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/**
 * Fixed-window counters in this process's memory: how many hits a key had in its current window,
 * counted and answered at once (synchronously), so many requests arriving together each get their
 * own count and exactly `max` pass. Used when no REDIS_URL is set; each process then counts alone.
 */
export class MemoryCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private nextSweep = 0;

  count(key: string, timeWindow: number, now = Date.now()): Result {
    // Ended windows are dropped once per window length, so the map holds only the live addresses.
    if (now >= this.nextSweep) {
      for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
      this.nextSweep = now + timeWindow;
    }
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      w = { count: 0, endsAt: now + timeWindow };
      this.windows.set(key, w);
    }
    w.count++;
    return { current: w.count, ttl: w.endsAt - now };
  }

  read(key: string, now = Date.now()): Result {
    const w = this.windows.get(key);
    return !w || w.endsAt <= now ? { current: 0, ttl: 0 } : { current: w.count, ttl: w.endsAt - now };
  }
}

/**
 * The store of @fastify/rate-limit's route limits (`config.rateLimit`) without Redis, on the
 * plugin's public store contract (`store` option): each route gets its own counters (`child`).
 */
export class MemoryRateLimitStore implements FastifyRateLimitStore {
  private readonly counter = new MemoryCounter();

  incr(key: string, cb: Callback, timeWindow: number): void {
    cb(null, this.counter.count(key, timeWindow));
  }

  read(key: string, cb: Callback): void {
    cb(null, this.counter.read(key));
  }

  child(): MemoryRateLimitStore {
    return new MemoryRateLimitStore();
  }
}
