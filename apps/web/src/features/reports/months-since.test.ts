import { describe, expect, it } from 'vitest';
import { bandsOf, monthsSince } from './months-since';

const row = (id: number, last_used: string | null) => ({
  id,
  name: `A ${id}`,
  email: `${id}@x.test`,
  last_used,
  reviewed_at: null,
});
const now = new Date('2026-11-25T10:00:00Z');

describe('the chart bands', () => {
  it('counts whole months since the last use', () => {
    expect(monthsSince('2026-05-25T09:00:00Z', now)).toBe(6);
    expect(monthsSince('2026-05-26T09:00:00Z', now)).toBe(5);
  });

  it('puts every row in one band of six months, or Never', () => {
    const rows = [
      row(1, null),
      row(2, '2026-10-01T00:00:00Z'),
      row(3, '2026-04-01T00:00:00Z'),
      row(4, '2023-01-01T00:00:00Z'),
    ];
    expect(bandsOf(rows, now)).toEqual([
      { band: '0–5', assessors: 1 },
      { band: '6–11', assessors: 1 },
      { band: '12–17', assessors: 0 },
      { band: '18–23', assessors: 0 },
      { band: '24+', assessors: 1 },
      { band: 'Never', assessors: 1 },
    ]);
  });
});
