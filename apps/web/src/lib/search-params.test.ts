import { describe, expect, it } from 'vitest';
import { isoDate } from './search-params';

describe('isoDate (a date read from the address)', () => {
  it('keeps a day of the calendar', () => {
    expect(isoDate('2026-02-28')).toBe('2026-02-28');
    expect(isoDate('2028-02-29')).toBe('2028-02-29');
  });

  it('leaves out what the server would refuse, rather than a picker showing it rolled over', () => {
    // Date.parse takes 2026-02-30 (as 2 March); the server's isoDate does not.
    for (const bad of ['2026-02-30', '2026-13-45', '2026-2-3', '03/02/2026', 'abc', '', null]) {
      expect(isoDate(bad)).toBeUndefined();
    }
  });
});
