import { describe, expect, it } from 'vitest';
import { addDaysLocal, addMinutesLocal, normalizeLocal } from './calendar.js';

/** The check as it was, through a Date and its ISO text: the arithmetic one must agree with it. */
function throughDate(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x))) as number[];
  const t = new Date(Date.UTC(y!, mo! - 1, d!, h, mi, s));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo! - 1 || t.getUTCDate() !== d || h! > 23 || mi! > 59 || s! > 59)
    return null;
  if (y! < 1900 || y! > 2999) return null;
  return t.toISOString().slice(0, 19).replace('T', ' ');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

describe('normalizeLocal', () => {
  it('agrees with the Date round trip on every day of 1899-1901, 1999-2001, 2023-2025 and 2999-3000, real or not', () => {
    const years = [1899, 1900, 1901, 1999, 2000, 2001, 2023, 2024, 2025, 2999, 3000];
    let checked = 0;
    for (const y of years)
      for (let mo = 0; mo <= 13; mo++)
        for (let d = 0; d <= 32; d++) {
          const date = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
          for (const value of [date, `${date} 00:00:00`, `${date}T23:59`, `${date} 12:30:45`]) {
            expect(normalizeLocal(value), value).toBe(throughDate(value));
            checked++;
          }
        }
    expect(checked).toBeGreaterThan(20_000);
  });

  it('agrees on hours, minutes and seconds at and past their limits', () => {
    for (const h of [0, 9, 23, 24, 99])
      for (const mi of [0, 59, 60])
        for (const s of [undefined, 0, 59, 60]) {
          const value = `2026-02-28 ${pad(h)}:${pad(mi)}${s === undefined ? '' : `:${pad(s)}`}`;
          expect(normalizeLocal(value), value).toBe(throughDate(value));
        }
  });

  it('normalizes a bare date, a T and no seconds; refuses what is not a date-time', () => {
    expect(normalizeLocal('2024-02-29')).toBe('2024-02-29 00:00:00');
    expect(normalizeLocal(' 2026-03-05T09:15 ')).toBe('2026-03-05 09:15:00');
    expect(normalizeLocal('2025-02-29')).toBeNull();
    expect(normalizeLocal('1900-02-29')).toBeNull();
    expect(normalizeLocal('2000-02-29 10:00:00')).toBe('2000-02-29 10:00:00');
    for (const bad of ['', '2026-1-05', '2026-01-05 9:00', '2026-01-05 09:00:00.000', '0050-01-01', 'tomorrow'])
      expect(normalizeLocal(bad), bad).toBeNull();
  });

  it('still gives the arithmetic helpers their naive date-times', () => {
    expect(addDaysLocal('2024-02-28 00:00:00', 1)).toBe('2024-02-29 00:00:00');
    expect(addMinutesLocal('2026-12-31 23:45:00', 30)).toBe('2027-01-01 00:15:00');
  });
});
