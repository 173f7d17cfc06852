import type { Db } from '../../db/client.js';
import type { Storage } from '../../platform/storage/storage.js';
import { importFileRecords } from '../../platform/file-imports.js';
import { upsertImported } from './resources.service.js';

/**
 * `npm run import -- resources <file.csv>`: columns name, file (a path relative to the CSV).
 * Upserted by name (any case): a new resource, or the existing one's file replaced. Every bad row is
 * reported and then nothing is imported.
 */
export async function importResources(db: Db, storage: Storage, csvPath: string) {
  const seen = new Set<string>();
  return importFileRecords(db, storage, csvPath, {
    entity: 'resources',
    columns: ['name'],
    read: (cell, bad) => {
      const name = cell('name');
      if (!name) bad.push('name is required');
      if (name.length > 255) bad.push('name may be at most 255 characters');
      if (name.includes('\u0000')) bad.push('a NUL character is not allowed');
      if (seen.has(name.toLowerCase())) bad.push(`the name ${name} is given twice`);
      seen.add(name.toLowerCase());
      return name;
    },
    upsert: upsertImported,
  });
}
