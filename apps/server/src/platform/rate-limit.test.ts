import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { auth, buildTestApp, loginAs } from '../test/helpers.js';
import { MemoryCounter } from './rate-limit-store.js';

/** The Redis of this machine (the README's REDIS_URL); each app below counts under its own prefix. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** In this process's memory (no REDIS_URL), and in Redis shared by processes: the same limits, exactly. */
const stores: [string, () => Record<string, string>][] = [
  ['in memory', () => ({})],
  ['in Redis', () => ({ REDIS_URL, REDIS_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:` })],
];

describe.each(stores)('rate limits counted %s', (_name, storeEnv) => {
  // 600 a minute x 0.005: 3 requests a minute from one address.
  const limitedApp = (env: Record<string, string> = storeEnv()) =>
    buildTestApp({ WEB_DIST: '/nonexistent-web-dist', RATE_LIMIT_FACTOR: '0.005', ...env }, { seed: false });

  it('headers: none on an answered request; a refused one says when to try again', async () => {
    const limited = await limitedApp();
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await limited.app.inject({ method: 'GET', url: '/api/health' }));
      for (const res of answers.slice(0, 3)) {
        expect(res.statusCode).toBe(200);
        expect(Object.keys(res.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
      }
      const refused = answers[3]!;
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.json()).toEqual({ message: MESSAGES.tooManyRequests });
    } finally {
      await limited.close();
    }
  });

  it('refuses a request over the limit before its token is looked up, so made-up tokens are limited too', async () => {
    const limited = await limitedApp();
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'GET',
          url: '/api/jobs',
          headers: { authorization: `Bearer made-up-${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("counts calls to the API, not the web app's own files (an office behind one address loads many pages)", async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal app</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("portal");');
    const limited = await limitedApp({ ...storeEnv(), WEB_DIST: webDist });
    try {
      const files = [];
      for (let i = 0; i < 5; i++)
        for (const url of ['/', '/dashboard', '/assets/app-1234.js'])
          files.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      expect(files).toEqual(Array(15).fill(200));
      const calls = [];
      for (let i = 0; i < 4; i++)
        calls.push((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
      expect(calls).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('lets exactly the limit through when many requests arrive at once', async () => {
    const limited = await limitedApp();
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => limited.app.inject({ method: 'GET', url: '/api/health' })),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    } finally {
      await limited.close();
    }
  });

  it("a route's own limit (the contact form, 10 a minute x 0.3) lets exactly 3 of 20 at once through", async () => {
    const limited = await buildTestApp(
      { WEB_DIST: '/nonexistent-web-dist', RATE_LIMIT_FACTOR: '0.3', ...storeEnv() },
      { seed: false },
    );
    try {
      // An empty body: the limit is counted before the body is checked (400 once let through).
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => limited.app.inject({ method: 'POST', url: '/api/contact', payload: {} })),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    } finally {
      await limited.close();
    }
  });
});

describe('rate limits shared in Redis', () => {
  it('two processes on one Redis count one address together; without Redis each counts alone', async () => {
    const shared = { REDIS_URL, REDIS_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:` };
    const env = { WEB_DIST: '/nonexistent-web-dist', RATE_LIMIT_FACTOR: '0.005' };
    const [a, b] = await Promise.all([
      buildTestApp({ ...env, ...shared }, { seed: false }),
      buildTestApp({ ...env, ...shared }, { seed: false }),
    ]);
    const [c, d] = await Promise.all([buildTestApp(env, { seed: false }), buildTestApp(env, { seed: false })]);
    try {
      const call = (app: typeof a) => app.app.inject({ method: 'GET', url: '/api/health' }).then((r) => r.statusCode);
      const together = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 ? a : b)));
      expect(together.filter((s) => s === 200)).toHaveLength(3);
      const alone = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 ? c : d)));
      expect(alone.filter((s) => s === 200)).toHaveLength(6);
    } finally {
      await Promise.all([a, b, c, d].map((x) => x.close()));
    }
  });
});

describe('the in-memory counter', () => {
  it('counts in fixed windows and forgets ended ones', () => {
    const counter = new MemoryCounter();
    expect(counter.count('a', 1000, 0)).toEqual({ current: 1, ttl: 1000 });
    expect(counter.count('a', 1000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(counter.count('b', 1000, 500)).toEqual({ current: 1, ttl: 1000 });
    expect(counter.read('a', 999)).toEqual({ current: 2, ttl: 1 });
    expect(counter.count('a', 1000, 1000)).toEqual({ current: 1, ttl: 1000 });
    expect(counter.read('b', 1600)).toEqual({ current: 0, ttl: 0 });
  });
});

describe('per-route limits count per user when signed in', () => {
  it('one user spending their limit leaves a colleague at the same address untouched; signed-out calls count per address', async () => {
    // Sign-in itself is limited (20 a minute per address): the default factor, two sign-ins.
    const t = await buildTestApp({ WEB_DIST: '/nonexistent-web-dist', RATE_LIMIT_FACTOR: '1' });
    try {
      const a = await loginAs(t, 'ar@portal.test');
      const b = await loginAs(t, 'ta@portal.test');
      // POST /api/user-requests: 10 a minute. An empty change is refused (400) but counts.
      const send = (token: string) =>
        t.app.inject({ method: 'POST', url: '/api/user-requests', headers: auth(token), payload: {} });
      const [first, second] = await Promise.all([
        Promise.all(Array.from({ length: 15 }, () => send(a))),
        Promise.all(Array.from({ length: 10 }, () => send(b))),
      ]);
      const statusesA = first.map((r) => r.statusCode);
      expect(statusesA.filter((s) => s === 429)).toHaveLength(5);
      expect(second.map((r) => r.statusCode).filter((s) => s === 429)).toHaveLength(0);
      // A new address does not give the same user a fresh limit.
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/user-requests',
            headers: auth(a),
            payload: {},
            remoteAddress: '10.1.2.3',
          })
        ).statusCode,
      ).toBe(429);

      // Signed out: the contact form (10 a minute) counts by address, exactly under parallel requests.
      const contact = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/contact', payload: {}, remoteAddress });
      const fromOne = await Promise.all(Array.from({ length: 14 }, () => contact('10.0.0.1')));
      expect(fromOne.filter((r) => r.statusCode === 429)).toHaveLength(4);
      expect((await contact('10.0.0.2')).statusCode).not.toBe(429);
    } finally {
      await t.close();
    }
  });
});
