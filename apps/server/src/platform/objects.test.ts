import { describe, expect, it } from 'vitest';
import { extend } from './objects.js';

describe('extend', () => {
  it('copies the source, then adds or replaces the extra keys, in the order a spread writes them', () => {
    const source = { id: 1, name: 'a', view: 'AR' };
    const out = extend(source, { view: 'TA', page: 2 });
    expect(out).toEqual({ id: 1, name: 'a', view: 'TA', page: 2 });
    expect(Object.keys(out)).toEqual(Object.keys({ ...source, view: 'TA', page: 2 }));
    expect(JSON.stringify(out)).toBe(JSON.stringify({ ...source, view: 'TA', page: 2 }));
    expect(source).toEqual({ id: 1, name: 'a', view: 'AR' });
  });

  it('takes a null or undefined source as a spread does', () => {
    expect(extend(null, { email: 'x' })).toEqual({ email: 'x' });
    expect(extend(undefined, { email: 'x' })).toEqual({ email: 'x' });
  });

  it('keeps an own __proto__ key a key, never the copy’s prototype', () => {
    const hostile = JSON.parse('{"__proto__": {"admin": true}, "a": 1}') as Record<string, unknown>;
    const out = extend(hostile, { b: 2 });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(out).toEqual({ ...hostile, b: 2 });
  });
});
