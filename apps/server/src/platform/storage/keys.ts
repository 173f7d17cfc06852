import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';

/** The keys every store uses: generated here, never taken from a user's file name. */
export const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+){1,4}$/;

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** A new key: prefix/yyyy/mm/uuid (the prefix says what kind of upload, letters only). */
export function newKey(prefix = 'files'): string {
  const clean = prefix.replace(/[^a-z0-9-]/g, '') || 'files';
  const now = new Date();
  return `${clean}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
}

/** Counts what passes through, so a store knows the size of what it wrote without a second look. */
export function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}
