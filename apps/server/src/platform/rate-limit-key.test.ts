import { describe, expect, it } from 'vitest';
import { rateLimitKey } from './rate-limit-key.js';

describe('the rate limit key', () => {
  it('is the normalized address, and a fixed key when the client is already gone', () => {
    expect(rateLimitKey({ ip: '127.0.0.1' })).toBe('127.0.0.1');
    expect(rateLimitKey({ ip: '::ffff:10.1.2.3' })).toBe('10.1.2.3');
    expect(rateLimitKey({ ip: '2001:db8:0:1:2:3:4:5' })).toBe(rateLimitKey({ ip: '2001:db8:0:1:ffff::1' }));
    expect(rateLimitKey({ ip: undefined as unknown as string })).toBe('client-gone');
  });
});
