import type { UnusedAssessor } from '@portal/shared';

/** The chart's bars: assessors by whole months since their last sign-in, in bands of six, and never. */
export const BANDS = ['0–5', '6–11', '12–17', '18–23', '24+', 'Never'] as const;

export function monthsSince(iso: string, now = new Date()): number {
  const then = new Date(iso);
  let months = (now.getFullYear() - then.getFullYear()) * 12 + (now.getMonth() - then.getMonth());
  if (now.getDate() < then.getDate()) months -= 1;
  return Math.max(0, months);
}

export function bandsOf(rows: readonly UnusedAssessor[], now = new Date()) {
  const counts = new Map<string, number>(BANDS.map((b) => [b, 0]));
  for (const r of rows) {
    const band = r.last_used === null ? 'Never' : BANDS[Math.min(4, Math.floor(monthsSince(r.last_used, now) / 6))]!;
    counts.set(band, counts.get(band)! + 1);
  }
  return BANDS.map((band) => ({ band, assessors: counts.get(band)! }));
}
