import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../test/factories/users.js';
import { startRedisServer, type RedisProcess } from '../test/redis-server.js';
import { startProduction, type Production } from './harness.js';
import { call, median, signIn, sleep } from './faults-helpers.js';

/**
 * Redis stops while two processes serve (issue 62): requests are answered at their usual speed,
 * none with a 500, each process counting the per-address limit in its memory meanwhile and saying
 * so once in its log; when Redis is back the count is shared in it again. The Redis is a process of
 * the test's own, killed (SIGKILL) and started again on the same port.
 */
describe('Redis stops and comes back while the portal serves', () => {
  let redis: RedisProcess;
  let prod: Production;

  beforeAll(async () => {
    redis = await startRedisServer();
    prod = await startProduction({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await prod?.stop();
    await redis?.kill();
  });

  const prefix = () => prod.env.REDIS_PREFIX!;
  const inRedis = async <T>(use: (client: Redis) => Promise<T>) => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    try {
      return await use(client);
    } finally {
      client.disconnect();
    }
  };
  const fifty = async (token: string) => {
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await call(prod.url, 'GET', '/api/activeuser', { token }));
    return answers;
  };

  it('answers at once and never 500 while Redis is down, logs it once, and counts in Redis again after', async () => {
    const user = await makeUser(prod.db.db, { roles: ['AR'] });
    const token = await signIn(prod.url, prod.sink.messages, user.email);
    const up = await fifty(token);
    expect(up.every((a) => a.status === 200)).toBe(true);
    // Both processes count one address under one key.
    expect(await inRedis((c) => c.keys(`${prefix()}*`))).toContain(`${prefix()}-127.0.0.1`);

    await redis.kill();
    const down = await fifty(token);
    // A sign-in meanwhile, password and code, at its usual pace too.
    const started = performance.now();
    const other = await makeUser(prod.db.db, { roles: ['AR'] });
    const signedIn = await signIn(prod.url, prod.sink.messages, other.email);
    const signInMs = performance.now() - started;
    expect((await call(prod.url, 'GET', '/api/activeuser', { token: signedIn })).status).toBe(200);
    console.log(
      `Redis up: median ${median(up.map((a) => a.ms)).toFixed(1)} ms; down: median ${median(down.map((a) => a.ms)).toFixed(1)} ms, ` +
        `slowest ${Math.max(...down.map((a) => a.ms)).toFixed(1)} ms, a sign-in ${signInMs.toFixed(0)} ms`,
    );
    expect(down.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(median(down.map((a) => a.ms))).toBeLessThan(Math.max(200, 5 * median(up.map((a) => a.ms))));
    expect(signInMs).toBeLessThan(3_000);

    // ioredis keeps reconnecting meanwhile (every 50 ms, growing to 2 s): one line each all the same.
    await sleep(3_000);
    for (const p of prod.portals) {
      const lines = p.output().split('\n');
      expect(lines.filter((l) => /Redis/.test(l))).toHaveLength(1);
      expect(lines.filter((l) => /Redis is unreachable/.test(l))).toHaveLength(1);
      expect(p.output()).not.toMatch(/"level":50/);
    }

    await redis.start();
    for (const p of prod.portals) await p.waitForLine(/Redis is back/, 10_000);
    for (let i = 0; i < 10; i++) expect((await call(prod.url, 'GET', '/api/health')).status).toBe(200);
    // The new Redis started empty: ten requests, five through each process, one count.
    expect(await inRedis((c) => c.get(`${prefix()}-127.0.0.1`))).toBe('10');
    for (const p of prod.portals) expect(p.output().match(/Redis is unreachable/g)).toHaveLength(1);
  });
});
