import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { RECORD_MESSAGES } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import { sanitizeFilename, type StoredUpload } from '../../platform/uploads.js';
import { csvRecords } from '../imports/imports.csv.js';
import { upsertImported } from './resources.service.js';

/**
 * `npm run import -- resources <file.csv>`: columns name, file (a path relative to the CSV).
 * Upserted by name (any case): a new resource, or the existing one's file replaced. Every bad row is
 * reported and then nothing is imported.
 */
export async function importResources(db: Db, storage: Storage, csvPath: string) {
  const dir = path.dirname(csvPath);
  const rows: { line: number; name: string; file: string }[] = [];
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  let header: string[] | null = null;
  for await (const { line, record } of csvRecords(createReadStream(csvPath))) {
    if (!header) {
      header = record.map((h) => h.trim().toLowerCase());
      for (const col of ['name', 'file']) if (!header.includes(col)) (errors['line 1'] ??= []).push(`the column ${col} is missing`);
      continue;
    }
    const v = (col: string) => (record[header!.indexOf(col)] ?? '').trim();
    const row = { line, name: v('name'), file: v('file') };
    const bad: string[] = [];
    if (!row.name) bad.push('name is required');
    if (row.name.length > 255) bad.push('name may be at most 255 characters');
    if (row.name.includes('\u0000') || row.file.includes('\u0000')) bad.push('a NUL character is not allowed');
    if (seen.has(row.name.toLowerCase())) bad.push(`the name ${row.name} is given twice`);
    seen.add(row.name.toLowerCase());
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
        const r = await upsertImported(tx, row.name, uploads[i]!);
        if (r.inserted) inserted++;
        if (r.oldKey) oldKeys.push(r.oldKey);
      }
      return { inserted, updated: rows.length - inserted, oldKeys };
    });
    await Promise.all(result.oldKeys.map((k) => storage.delete(k)));
    return { message: RECORD_MESSAGES.imported(rows.length), entity: 'resources', rows: rows.length, inserted: result.inserted, updated: result.updated };
  } catch (e) {
    await Promise.all(uploads.map((u) => storage.delete(u.key)));
    throw e;
  }
}
