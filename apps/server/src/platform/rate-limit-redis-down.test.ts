import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { startRedisServer, type RedisProcess } from '../test/redis-server.js';

/**
 * Redis stops while the portal serves (issue 62): the per-address limit counts in this process's
 * memory at once instead of waiting on reconnects, the log says so once, and when Redis is back
 * the count is in Redis again. A Redis process of the test's own, killed and started again.
 */
describe('the request limits when Redis stops and comes back', () => {
  let redis: RedisProcess;
  let t: TestApp;
  const lines: string[] = [];
  const prefix = 'portal-down-test:';

  beforeAll(async () => {
    redis = await startRedisServer();
    // 600 a minute x 0.005: 3 requests a minute from one address.
    t = await buildTestApp(
      { WEB_DIST: '/nonexistent-web-dist', RATE_LIMIT_FACTOR: '0.005', REDIS_URL: redis.url, REDIS_PREFIX: prefix },
      { seed: false, logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await redis?.kill();
  });

  const keys = async () => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    try {
      return await client.keys(`${prefix}*`);
    } finally {
      client.disconnect();
    }
  };
  const health = async (remoteAddress: string) => {
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress });
    return { status: res.statusCode, ms: performance.now() - started };
  };
  const said = (pattern: RegExp) => lines.filter((l) => pattern.test(l));
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(check()).toBe(true);
  };

  it('counts in Redis, then in memory at once while it is down, then in Redis again', async () => {
    expect((await health('10.0.0.1')).status).toBe(200);
    expect(await keys()).toEqual([`${prefix}-10.0.0.1`]);

    await redis.kill();
    await until(() => said(/Redis is unreachable/).length > 0);
    const down = [];
    for (let i = 0; i < 5; i++) down.push(await health('10.0.0.2'));
    expect(down.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    // No request waits on a reconnect (they took 1-5 s when commands were queued until then).
    for (const a of down) expect(a.ms).toBeLessThan(500);
    // ioredis keeps trying to reconnect meanwhile: still one line.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(said(/Redis is unreachable/)).toHaveLength(1);
    expect(said(/Redis/)).toHaveLength(1);

    await redis.start();
    await until(() => said(/Redis is back/).length > 0);
    const again = [];
    for (let i = 0; i < 4; i++) again.push((await health('10.0.0.3')).status);
    expect(again).toEqual([200, 200, 200, 429]);
    expect(await keys()).toEqual([`${prefix}-10.0.0.3`]);
    expect(said(/Redis is unreachable/)).toHaveLength(1);
    expect(said(/Redis is back/)).toHaveLength(1);
  }, 30_000);
});
