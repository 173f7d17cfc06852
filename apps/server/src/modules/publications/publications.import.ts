import { PUBLICATION_CATEGORIES } from '@portal/shared';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../platform/storage/storage.js';
import { importFileRecords } from '../../platform/file-imports.js';
import { upsertImported } from './publications.service.js';

/**
 * `npm run import -- publications <file.csv>`: columns name, category, subcategory, file (a path
 * relative to the CSV). Upserted by (subcategory, name): a new publication, or the existing one's
 * file replaced; subcategories are made as needed under the spec's four roots. Every bad row is
 * reported and then nothing is imported; subscribers with notify on hear of each one.
 */
export async function importPublications(db: Db, storage: Storage, csvPath: string) {
  return importFileRecords(db, storage, csvPath, {
    entity: 'publications',
    columns: ['name', 'category', 'subcategory'],
    read: (cell, bad) => {
      const row = { name: cell('name'), category: cell('category'), subcategory: cell('subcategory') };
      if (!row.name) bad.push('name is required');
      if (row.name.length > 255) bad.push('name may be at most 255 characters');
      const root = PUBLICATION_CATEGORIES.find((c) => c.toLowerCase() === row.category.toLowerCase());
      if (!root) bad.push(`category must be one of ${PUBLICATION_CATEGORIES.join(', ')}`);
      else row.category = root;
      if (!row.subcategory) bad.push('subcategory is required');
      return row;
    },
    upsert: upsertImported,
  });
}
