import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/**
 * Fixed-window counters in this process's memory: how many hits a key had in its current window,
 * counted and answered at once (synchronously), so many requests arriving together each get their
 * own count and exactly `max` pass. Used when no REDIS_URL is set, and while Redis is unreachable;
 * each process then counts alone.
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

/**
 * One hit in Redis: the key's count in its fixed window and the window's time left, as the
 * plugin's own Redis store counts (INCR; the window starts at the first hit).
 */
const COUNT_IN_REDIS = `local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { current, redis.call('PTTL', KEYS[1]) }`;

/**
 * Whether the limits can be counted in Redis now: while the client is not connected they are
 * counted in each process's memory, at once, rather than waiting on reconnects (a request once
 * took 1-5 s while Redis was down). The log says so once when Redis goes and once when it is
 * back, not at every failed reconnect.
 */
export class SharedCounting {
  /** null until the first connection (or failure); then whether Redis was reachable at last news. */
  private shared: boolean | null = null;
  private closing = false;

  constructor(
    readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    redis.on('ready', () => this.up());
    redis.on('close', () => this.down());
    // The listener is needed anyway: without one, an unreachable Redis would end the process.
    redis.on('error', (e: Error) => this.down(e));
  }

  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  /** Resolves once connected, or at the first failure or after `ms`: the limits then start in memory. */
  firstConnection(ms: number): Promise<void> {
    if (this.shared !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done).off('error', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.redis.once('ready', done).once('error', done);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private up() {
    if (this.shared === false) this.log.info('Redis is back: the request limits are counted in Redis again');
    this.shared = true;
  }

  private down(e?: Error) {
    if (this.shared === false || this.closing) return;
    this.shared = false;
    this.log.warn(
      `Redis is unreachable${e ? ` (${e.message})` : ''}: each process counts the request limits in memory until it is back`,
    );
  }
}

/**
 * The plugin's store (its `store` option) with REDIS_URL: counts in Redis, shared by every
 * process, while Redis is connected; otherwise, or when a command fails, in this process's memory.
 * Each route's limit counts under its method and address (as the plugin's Redis store names them).
 */
class RedisOrMemoryStore implements FastifyRateLimitStore {
  private readonly memory = new MemoryCounter();

  constructor(
    private readonly counting: SharedCounting,
    private readonly prefix: string,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number): void {
    if (!this.counting.ready) return cb(null, this.memory.count(key, timeWindow));
    this.counting.redis.eval(COUNT_IN_REDIS, 1, this.prefix + key, timeWindow).then(
      (answer) => {
        const [current, ttl] = answer as [number, number];
        cb(null, { current, ttl });
      },
      () => cb(null, this.memory.count(key, timeWindow)),
    );
  }

  child(routeOptions: object): RedisOrMemoryStore {
    // `routeInfo` is the route's method and url (the plugin's README, "custom store"); the limits
    // made with createRateLimit have none.
    const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
    return new RedisOrMemoryStore(this.counting, `${this.prefix}${route?.method ?? ''}${route?.url ?? ''}-`);
  }
}

/** The store's class for the plugin's `store` option (the plugin makes the root store itself). */
export function redisOrMemoryStore(counting: SharedCounting, prefix: string): FastifyRateLimitStoreCtor {
  return class extends RedisOrMemoryStore {
    constructor() {
      super(counting, prefix);
    }
  };
}
