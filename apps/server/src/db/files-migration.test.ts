import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, pgliteExtensions } from './client.js';

/**
 * The stored-file model's migrations (0002 columns, 0003 data, 0004 drop) carry existing job and
 * site documents over: a database migrated up to 0001 with documents in it is migrated to the end.
 */
const partial = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
afterAll(() => rmSync(partial, { recursive: true, force: true }));

/** A copy of the migrations folder that stops after the migration `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  cpSync(MIGRATIONS_FOLDER, partial, { recursive: true });
  const journalFile = path.join(partial, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  return partial;
}

describe('migration to the stored-file model', () => {
  it('moves each document’s file into files and points the document at it', async () => {
    const client = await PGlite.create({ extensions: await pgliteExtensions() });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo('0001_facilities_jobs') });
    await client.exec(`
      insert into users (email, first_name, last_name) values ('ar@x.test', 'Arthur', 'Rep');
      insert into facilities (facility_number, name) values ('000001', 'F');
      insert into sites (site_number, facility_id, name) values ('S1', 1, 'Site');
      insert into jobs (job_number, site_id, type) values ('J1', 1, 'RES');
      insert into job_documents (job_id, name, description, storage_key, size, mime_type, uploaded_by, uploader_role, side, reviewed_comment, created_at)
        values (1, 'a.pdf', 'A', 'uploads/2026/01/aaaa', 10, 'application/pdf', 1, 'AR', 'facility', 'ok', '2026-01-02T00:00:00Z');
      insert into site_documents (site_id, name, description, storage_key, size, mime_type, uploaded_by, side, created_at)
        values (1, 'b.txt', 'B', 'uploads/2026/01/bbbb', 3, 'text/plain', null, 'body', '2026-01-03T00:00:00Z');
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const { rows } = await client.query<Record<string, unknown>>(`
      select 'job' as kind, d.description, d.reviewed_comment, f.name, f.storage_key, f.size::int as size, f.mime_type, f.uploaded_by, f.created_at
        from job_documents d join files f on f.id = d.file_id
      union all
      select 'site', d.description, d.reviewed_comment, f.name, f.storage_key, f.size::int, f.mime_type, f.uploaded_by, f.created_at
        from site_documents d join files f on f.id = d.file_id
      order by 1`);
    expect(rows).toEqual([
      {
        kind: 'job',
        description: 'A',
        reviewed_comment: 'ok',
        name: 'a.pdf',
        storage_key: 'uploads/2026/01/aaaa',
        size: 10,
        mime_type: 'application/pdf',
        uploaded_by: 1,
        created_at: new Date('2026-01-02T00:00:00Z'),
      },
      {
        kind: 'site',
        description: 'B',
        reviewed_comment: null,
        name: 'b.txt',
        storage_key: 'uploads/2026/01/bbbb',
        size: 3,
        mime_type: 'text/plain',
        uploaded_by: null,
        created_at: new Date('2026-01-03T00:00:00Z'),
      },
    ]);
    await client.close();
  });
});
