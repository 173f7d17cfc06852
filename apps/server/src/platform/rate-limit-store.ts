import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
interface Counter {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
}
/** What the plugin passes a store it makes (its own options; the typings name none of them). */
type StoreOptions = FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };
type CounterCtor = new (continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number) => Counter;

// The plugin's own in-memory store (it has no typings of its own: the shape above is its contract).
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as CounterCtor;

/**
 * @fastify/rate-limit's in-memory store, answering each count with a copy taken when it was counted.
 * The store answers with its own counter object, which the next requests go on changing before the
 * plugin reads it: many requests from one address at once each saw the count after all of them,
 * and every one was refused (20 at once against a limit of 3: none let through, not 3).
 */
export class RateLimitStore implements FastifyRateLimitStore {
  private readonly counter: Counter;

  constructor(options: StoreOptions) {
    this.counter = new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache);
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.counter.incr(key, (error, result) => cb(error, result && { current: result.current, ttl: result.ttl }), timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.counter.read(key, cb, timeWindow, max);
  }

  child(options: StoreOptions): RateLimitStore {
    return new RateLimitStore(options);
  }
}

/**
 * The count of every request (app.ts), taken at once: the plugin's in-memory store counts
 * synchronously (its callback runs before `incr` returns), so one app-wide hook can count and
 * decide without the plugin's per-request promises, result object and route options (about 2 kB
 * a request, bench/alloc.mjs). The same store, the same fixed window and cache size as the plugin's.
 */
export class RequestCounter {
  private readonly store = new LocalStore(false, false);
  private counted: Result | undefined;
  private readonly keep: Callback = (error, result) => {
    if (error) throw error;
    this.counted = result;
  };

  /** This request counted under `key`: how many in the window so far, and the window's ms left. */
  count(key: string, timeWindow: number, max: number): Result {
    this.counted = undefined;
    this.store.incr(key, this.keep, timeWindow, max);
    if (!this.counted) throw new Error('the rate-limit store did not count synchronously');
    return this.counted;
  }
}
