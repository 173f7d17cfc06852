import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { RECORD_MESSAGES } from '@portal/shared';
import type { Db, Tx } from '../db/client.js';
import { recordAudit } from './audit.js';
import { badRequest } from './errors.js';
import type { Storage } from './storage/storage.js';
import { sanitizeFilename, type StoredUpload } from './uploads.js';
import { csvRecords } from './csv.js';

/** What one area says about its CSV of records that each carry a file (publications, resources). */
export interface FileRecordImport<R> {
  entity: string;
  /** The columns besides `file`, all required in the header. */
  columns: readonly string[];
  /** The row from its trimmed cells; pushes what is wrong with it onto `bad`. */
  read(cell: (column: string) => string, bad: string[]): R;
  /** Writes one row with its stored file; says whether it was new and which stored file it replaced. */
  upsert(tx: Tx, row: R, upload: StoredUpload): Promise<{ inserted: boolean; oldKey?: string | null }>;
}

/**
 * `npm run import -- <entity> <file.csv>` for records with a file: the `file` column is a path
 * relative to the CSV. Every bad row is reported and then nothing is imported: the files are stored
 * first, the rows written in one transaction, and on any failure the stored files are removed
 * again; the files a row replaced go once the transaction has committed.
 */
export async function importFileRecords<R>(db: Db, storage: Storage, csvPath: string, spec: FileRecordImport<R>) {
  const dir = path.dirname(csvPath);
  const rows: { row: R; file: string }[] = [];
  const errors: Record<string, string[]> = {};
  let header: string[] | null = null;
  for await (const { line, record } of csvRecords(createReadStream(csvPath))) {
    if (!header) {
      header = record.map((h) => h.trim().toLowerCase());
      for (const col of [...spec.columns, 'file'])
        if (!header.includes(col)) (errors['line 1'] ??= []).push(`the column ${col} is missing`);
      continue;
    }
    const h = header;
    const cell = (col: string) => (record[h.indexOf(col)] ?? '').trim();
    const bad: string[] = [];
    const row = spec.read(cell, bad);
    const file = cell('file');
    if (file.includes('\u0000')) bad.push('a NUL character is not allowed');
    else if (!file) bad.push('file is required');
    else if (path.isAbsolute(file)) bad.push('file must be a path relative to the CSV file');
    else {
      const s = await stat(path.resolve(dir, file)).catch(() => null);
      if (!s?.isFile()) bad.push(`file ${file} is not there`);
    }
    if (bad.length) errors[`line ${line}`] = bad;
    else rows.push({ row, file });
  }
  if (Object.keys(errors).length > 0)
    throw badRequest(RECORD_MESSAGES.importBadRows(Object.keys(errors).length), errors);
  if (rows.length === 0) throw badRequest(RECORD_MESSAGES.importEmpty);

  const uploads: StoredUpload[] = [];
  try {
    for (const { file } of rows) {
      const { key, size } = await storage.put(createReadStream(path.resolve(dir, file)), { prefix: 'uploads' });
      uploads.push({ key, size, name: sanitizeFilename(path.basename(file)), mimeType: 'application/octet-stream' });
    }
    const result = await db.transaction(async (tx) => {
      let inserted = 0;
      const oldKeys: string[] = [];
      for (const [i, { row }] of rows.entries()) {
        const r = await spec.upsert(tx, row, uploads[i]!);
        if (r.inserted) inserted++;
        if (r.oldKey) oldKeys.push(r.oldKey);
      }
      // Run from the server's command line: recorded with nobody as its actor.
      await recordAudit(tx, {
        action: 'admin.import.run',
        who: null,
        ip: null,
        record: { type: 'import', id: spec.entity },
        after: { entity: spec.entity, rows: rows.length, inserted, updated: rows.length - inserted },
      });
      return { inserted, updated: rows.length - inserted, oldKeys };
    });
    await Promise.all(result.oldKeys.map((k) => storage.delete(k)));
    return {
      message: RECORD_MESSAGES.imported(rows.length),
      entity: spec.entity,
      rows: rows.length,
      inserted: result.inserted,
      updated: result.updated,
    };
  } catch (e) {
    await Promise.all(uploads.map((u) => storage.delete(u.key)));
    throw e;
  }
}
