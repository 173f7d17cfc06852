import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { buildTestApp } from '../test/helpers.js';

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
