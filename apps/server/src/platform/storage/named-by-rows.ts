import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';

/**
 * Which of these storage keys a row names: the one question storage housekeeping asks the
 * database before it removes an object. Every stored file has its row in `files` (job and site
 * documents and what comes next name their bytes through it).
 */
export async function keysNamedByRows(db: Db, keys: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    const rows = await db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, chunk));
    for (const r of rows) named.add(r.key);
  }
  return named;
}
