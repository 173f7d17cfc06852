import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.js';
import { rateLimitKey } from './rate-limit-key.js';

describe('the rate limit key', () => {
  it('is the normalized address, and a fixed key when the client is already gone', () => {
    expect(rateLimitKey({ ip: '127.0.0.1' })).toBe('127.0.0.1');
    expect(rateLimitKey({ ip: '::ffff:10.1.2.3' })).toBe('10.1.2.3');
    expect(rateLimitKey({ ip: '2001:db8:0:1:2:3:4:5' })).toBe(rateLimitKey({ ip: '2001:db8:0:1:ffff::1' }));
    expect(rateLimitKey({ ip: undefined as unknown as string })).toBe('client-gone');
    expect(rateLimitKey({ ip: '127.0.0.1', actor: null })).toBe('127.0.0.1');
  });

  it('is the user for a signed-in caller, whatever their address', () => {
    const actor = { user: { id: 42 } } as Actor;
    expect(rateLimitKey({ ip: '127.0.0.1', actor })).toBe('user:42');
    expect(rateLimitKey({ ip: '10.9.8.7', actor })).toBe('user:42');
    expect(rateLimitKey({ ip: '10.9.8.7', actor: { user: { id: 43 } } as Actor })).not.toBe('user:42');
  });
});
