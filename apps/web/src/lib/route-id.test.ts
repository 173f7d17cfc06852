import { describe, expect, it } from 'vitest';
import { idFromPath } from './route-id';

describe('idFromPath', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('reads %s', (raw, id) => {
    expect(idFromPath(raw)).toBe(id);
  });

  it.each([undefined, '', '0', '-1', '1.5', '1e3', ' 1', 'abc', '2147483648', '99999999999999999999'])(
    'refuses %s',
    (raw) => {
      expect(idFromPath(raw)).toBeNull();
    },
  );
});
