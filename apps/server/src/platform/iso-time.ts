import { sql, type Column } from 'drizzle-orm';
import { decoded } from './prepared.js';

/**
 * A timestamptz as every answer writes it (Date#toISOString: UTC, milliseconds, 'Z'), made from
 * PostgreSQL's own text when that is UTC ('2026-11-24 10:00:00.123456+00'; digits past the
 * milliseconds dropped, as Date drops them). Any other form (another session time zone, a year past
 * 9999) goes through Date, as Drizzle's column would. A hot list thus stops making a Date per value
 * only to turn it back into text.
 */
export function isoTime(text: string): string {
  const n = text.length;
  const plain = n === 22 || (n >= 24 && n <= 29 && text.charCodeAt(19) === 46); // '.' after the seconds
  if (!plain || text.charCodeAt(10) !== 32 || !text.endsWith('+00')) return new Date(text).toISOString();
  const ms = n === 22 ? '000' : (text.slice(20, n - 3) + '00').slice(0, 3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
}

/**
 * A timestamptz column selected as isoTime's text (the raw text both drivers hand Drizzle). Through
 * `decoded`: a hot statement applies no bare `.mapWith` (platform/prepared.ts), and the lists' times
 * went out as PostgreSQL's text.
 */
export const isoTimeOf = (column: Column) => decoded(sql<string>`${column}`, (v) => isoTime(v as string));
