import { describe, expect, it } from 'vitest';
import { isoDate } from './paging.js';

describe('isoDate', () => {
  it('takes a day of the calendar', () => {
    for (const day of ['2026-11-27', '2024-02-29', '0001-01-01', '9999-12-31'])
      expect(isoDate.safeParse(day).success).toBe(true);
  });

  it('refuses a day the calendar does not have, with the format message', () => {
    for (const day of [
      '2026-13-45',
      '2026-02-30',
      '2025-02-29',
      '2026-04-31',
      '0000-01-01',
      '2026-00-10',
      '27/11/2026',
    ]) {
      const parsed = isoDate.safeParse(day);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Use a date as YYYY-MM-DD.');
    }
  });
});
