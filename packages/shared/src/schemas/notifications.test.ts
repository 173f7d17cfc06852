import { describe, expect, it } from 'vitest';
import { notificationListQuery, notificationUpdateQuery, parseNotificationIds } from './notifications.js';

const A = '0b6f3c1e-7d2a-4c1b-9e8f-1a2b3c4d5e6f';
const B = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';

describe('parseNotificationIds (PUT /notifications/{ids})', () => {
  it("accepts the word 'all'", () => {
    expect(parseNotificationIds('all')).toBe('all');
  });

  it('accepts a JSON list of ids', () => {
    expect(parseNotificationIds(JSON.stringify([A, B]))).toEqual([A, B]);
    expect(parseNotificationIds(decodeURIComponent(encodeURIComponent(JSON.stringify([A]))))).toEqual([A]);
  });

  it('accepts one bare id, in either case', () => {
    expect(parseNotificationIds(A)).toEqual([A]);
    expect(parseNotificationIds(B.toUpperCase())).toEqual([B.toUpperCase()]);
  });

  it.each([
    ['broken JSON', '[' + A],
    ['an empty list', '[]'],
    ['a non-uuid id', 'abc'],
    ['a list with a bad id', JSON.stringify([A, 'nope'])],
    ['numbers', '[1,2]'],
    ['a nested list', JSON.stringify([[A]])],
    ['an object', JSON.stringify({ id: A })],
    ['an empty string', ''],
    ["'ALL' in capitals", 'ALL'],
    ['SQL', `${A}' OR 1=1 --`],
  ])('refuses %s', (_what, raw) => {
    expect(parseNotificationIds(raw)).toBeNull();
  });

  it('accepts at most 500 ids', () => {
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(parseNotificationIds(JSON.stringify(ids(500)))).toHaveLength(500);
    expect(parseNotificationIds(JSON.stringify(ids(501)))).toBeNull();
  });
});

describe('notification queries', () => {
  it('defaults count to 20 and bounds it to 1..500', () => {
    expect(notificationListQuery.parse({})).toEqual({ count: 20 });
    expect(notificationListQuery.parse({ count: '3', role: 'CM', cmId: '2' })).toEqual({
      count: 3,
      role: 'CM',
      cmId: 2,
    });
    expect(notificationListQuery.safeParse({ count: '0' }).success).toBe(false);
    expect(notificationListQuery.safeParse({ count: '501' }).success).toBe(false);
    expect(notificationListQuery.safeParse({ role: 'ADMIN' }).success).toBe(false);
  });

  it('knows read and delete only', () => {
    expect(notificationUpdateQuery.parse({ type: 'read' })).toEqual({ type: 'read' });
    expect(notificationUpdateQuery.safeParse({ type: 'archive' }).success).toBe(false);
  });
});
