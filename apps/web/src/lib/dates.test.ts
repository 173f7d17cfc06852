import { describe, expect, it } from 'vitest';
import { formatDate, parseDayMonthYear } from './dates';

describe('dates', () => {
  it('shows a calendar date (YYYY-MM-DD) as DD/MM/YYYY', () => {
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
    expect(formatDate('2025-12-31')).toBe('31/12/2025');
    expect(formatDate(null)).toBe('');
  });

  it.each([
    ['5/1/2026', '2026-01-05'],
    ['05/01/2026', '2026-01-05'],
    ['31/12/2025', '2025-12-31'],
    [' 29.2.2024 ', '2024-02-29'],
    ['1-10-2026', '2026-10-01'],
  ])('reads %s as d/m/y', (text, iso) => {
    expect(parseDayMonthYear(text)).toBe(iso);
  });

  it.each(['', '2026-01-05', '5/1/20', '5/1/202', '31/2/2026', '29/2/2025', '0/1/2026', '1/13/2026', 'soon'])(
    'refuses %s',
    (text) => {
      expect(parseDayMonthYear(text)).toBeNull();
    },
  );
});
