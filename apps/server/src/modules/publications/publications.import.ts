import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PUBLICATION_CATEGORIES, RECORD_MESSAGES } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import { sanitizeFilename, type StoredUpload } from '../../platform/uploads.js';
import { csvRecords } from '../imports/imports.csv.js';
import { upsertImported } from './publications.service.js';

/**
 * `npm run import -- publications <file.csv>`: columns name, category, subcategory, file (a path
 * relative to the CSV). Upserted by (subcategory, name): a new publication, or the existing one's
 * file replaced; subcategories are made as needed under the spec's four roots. Every bad row is
 * reported and then nothing is imported; subscribers with notify on hear of each one.
 */
export async function importPublications(db: Db, storage: Storage, csvPath: string) {
  const dir = path.dirname(csvPath);
  const rows: { line: number; name: string; category: string; subcategory: string; file: string }[] = [];
  const errors: Record<string, string[]> = {};
  let header: string[] | null = null;
  for await (const { line, record } of csvRecords(createReadStream(csvPath))) {
    if (!header) {
      header = record.map((h) => h.trim().toLowerCase());
      for (const col of ['name', 'category', 'subcategory', 'file']) if (!header.includes(col)) (errors['line 1'] ??= []).push(`the column ${col} is missing`);
      continue;
    }
    const v = (col: string) => (record[header!.indexOf(col)] ?? '').trim();
    const row = { line, name: v('name'), category: v('category'), subcategory: v('subcategory'), file: v('file') };
    const bad: string[] = [];
    if (!row.name) bad.push('name is required');
    if (row.name.length > 255) bad.push('name may be at most 255 characters');
    const root = PUBLICATION_CATEGORIES.find((c) => c.toLowerCase() === row.category.toLowerCase());
    if (!root) bad.push(`category must be one of ${PUBLICATION_CATEGORIES.join(', ')}`);
    else row.category = root;
    if (!row.subcategory) bad.push('subcategory is required');
    if (!row.file) bad.push('file is required');
    else if (path.isAbsolute(row.file)) bad.push('file must be a path relative to the CSV file');
    else {
      const s = await stat(path.resolve(dir, row.file)).catch(() => null);
      if (!s?.isFile()) bad.push(`file ${row.file} is not there`);
    }
    if (bad.length) errors[`line ${line}`] = bad;
    else rows.push(row);
  }
  if (Object.keys(errors).length > 0) throw badRequest(RECORD_MESSAGES.importBadRows(Object.keys(errors).length), errors);
  if (rows.length === 0) throw badRequest(RECORD_MESSAGES.importEmpty);

  const uploads: StoredUpload[] = [];
  try {
    for (const row of rows) {
      const { key, size } = await storage.put(createReadStream(path.resolve(dir, row.file)), { prefix: 'uploads' });
      uploads.push({ key, size, name: sanitizeFilename(path.basename(row.file)), mimeType: 'application/octet-stream' });
    }
    const result = await db.transaction(async (tx) => {
      let inserted = 0;
      const oldKeys: string[] = [];
      for (const [i, row] of rows.entries()) {
        const r = await upsertImported(tx, row, uploads[i]!);
        if (r.inserted) inserted++;
        if (r.oldKey) oldKeys.push(r.oldKey);
      }
      return { inserted, updated: rows.length - inserted, oldKeys };
    });
    await Promise.all(result.oldKeys.map((k) => storage.delete(k)));
    return { message: RECORD_MESSAGES.imported(rows.length), entity: 'publications', rows: rows.length, inserted: result.inserted, updated: result.updated };
  } catch (e) {
    await Promise.all(uploads.map((u) => storage.delete(u.key)));
    throw e;
  }
}
