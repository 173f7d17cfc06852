import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import type { Storage } from './storage.js';

/**
 * `npm run storage:migrate`: copies every file a `files` row names from one store to the other
 * (the local disk to S3, or back), under the same key, so the rows stay as they are. Resumable:
 * a file already at the destination with its row's size is skipped, and a put is all or nothing,
 * so a run stopped anywhere is simply run again. Each copy is checked against the row's size; a
 * file missing or of another size at the source is reported, not copied.
 */

export interface MigrateResult {
  copied: number;
  skipped: number;
  bytes: number;
  /** One line per file that could not be copied, by its row's id (keys stay out of the output). */
  problems: string[];
}

const BATCH = 200;
/** Copies at once: enough to overlap the round trips, few enough to keep memory small. */
const PARALLEL = 4;

export async function migrateStorage(
  db: Db,
  from: Storage,
  to: Storage,
  progress?: (r: MigrateResult) => void,
): Promise<MigrateResult> {
  const result: MigrateResult = { copied: 0, skipped: 0, bytes: 0, problems: [] };
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: files.id, key: files.storageKey, size: files.size })
      .from(files)
      .where(gt(files.id, after))
      .orderBy(asc(files.id))
      .limit(BATCH);
    if (rows.length === 0) return result;
    after = rows[rows.length - 1]!.id;
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        // A store that cannot be reached stops the run (run it again later: it resumes).
        await copyOne(row, from, to, result);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    progress?.(result);
  }
}

async function copyOne(
  row: { id: number; key: string; size: number },
  from: Storage,
  to: Storage,
  result: MigrateResult,
) {
  if ((await to.size(row.key)) === row.size) {
    result.skipped++;
    return;
  }
  const sourceSize = await from.size(row.key);
  if (sourceSize === null) {
    result.problems.push(`file ${row.id}: not in the source store`);
    return;
  }
  if (sourceSize !== row.size) {
    result.problems.push(`file ${row.id}: ${sourceSize} bytes in the source store, ${row.size} in its row`);
    return;
  }
  const { size } = await to.putAt(row.key, await from.get(row.key));
  if (size !== row.size || (await to.size(row.key)) !== row.size) {
    await to.delete(row.key);
    result.problems.push(`file ${row.id}: copied ${size} bytes of ${row.size}; removed from the destination`);
    return;
  }
  result.copied++;
  result.bytes += size;
}
