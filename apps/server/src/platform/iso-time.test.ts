import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.js';

describe('isoTime', () => {
  it('writes PostgreSQL timestamptz text exactly as Date#toISOString does', () => {
    const texts = [
      '2026-11-24 10:00:00+00',
      '2026-11-24 10:00:00.1+00',
      '2026-11-24 10:00:00.12+00',
      '2026-11-24 10:00:00.123+00',
      '2026-11-24 10:00:00.1239+00',
      '2026-11-24 10:00:00.999999+00',
      '0999-01-02 03:04:05.5+00',
      // Other forms take Date's road.
      '2026-11-24 21:00:00.5+11',
      '2026-11-24 04:30:00+05:30',
    ];
    for (const text of texts) expect(isoTime(text)).toBe(new Date(text).toISOString());
  });
});
