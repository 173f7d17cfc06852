import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { auth, buildTestApp, loginAs } from '../test/helpers.js';

describe('rate limit headers', () => {
  it('are not on an answered request; a refused one says when to try again', async () => {
    // 600 a minute x 0.005: 3 requests a minute from one address.
    const limited = await buildTestApp({ WEB_DIST: '/nonexistent-web-dist', RATE_LIMIT_FACTOR: '0.005' }, { seed: false });
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
});

describe('rate limit before the token', () => {
  it('refuses a request over the limit before its token is looked up, so made-up tokens are limited too', async () => {
    const limited = await buildTestApp({ WEB_DIST: '/nonexistent-web-dist', RATE_LIMIT_FACTOR: '0.005' }, { seed: false });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({ method: 'GET', url: '/api/jobs', headers: { authorization: `Bearer made-up-${i}` } });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('rate limit under parallel requests', () => {
  it('lets exactly the limit through when many requests arrive at once', async () => {
    const limited = await buildTestApp({ WEB_DIST: '/nonexistent-web-dist', RATE_LIMIT_FACTOR: '0.005' }, { seed: false });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => limited.app.inject({ method: 'GET', url: '/api/health' })));
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    } finally {
      await limited.close();
    }
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
      const send = (token: string) => t.app.inject({ method: 'POST', url: '/api/user-requests', headers: auth(token), payload: {} });
      const [first, second] = await Promise.all([Promise.all(Array.from({ length: 15 }, () => send(a))), Promise.all(Array.from({ length: 10 }, () => send(b)))]);
      const statusesA = first.map((r) => r.statusCode);
      expect(statusesA.filter((s) => s === 429)).toHaveLength(5);
      expect(second.map((r) => r.statusCode).filter((s) => s === 429)).toHaveLength(0);
      // A new address does not give the same user a fresh limit.
      expect((await t.app.inject({ method: 'POST', url: '/api/user-requests', headers: auth(a), payload: {}, remoteAddress: '10.1.2.3' })).statusCode).toBe(429);

      // Signed out: the contact form (10 a minute) counts by address, exactly under parallel requests.
      const contact = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/contact', payload: {}, remoteAddress });
      const fromOne = await Promise.all(Array.from({ length: 14 }, () => contact('10.0.0.1')));
      expect(fromOne.filter((r) => r.statusCode === 429)).toHaveLength(4);
      expect((await contact('10.0.0.2')).statusCode).not.toBe(429);
    } finally {
      await t.close();
    }
  });
});
