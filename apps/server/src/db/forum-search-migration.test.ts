import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, pgliteExtensions } from './client.js';

/**
 * The forum's one-vector search (..._forum_replies_search the column, ..._forum_replies_search_triggers
 * the triggers and the backfill): a forum migrated up to the migration before them, with replies in
 * it, is migrated to the end; its threads are found by their replies' words at once, and later
 * replies keep the column in step.
 */
const partial = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
afterAll(() => rmSync(partial, { recursive: true, force: true }));

/** A copy of the migrations folder that stops just before the one whose tag ends with `firstTagEnd` (its number may change in a merge). */
function migrationsBefore(firstTagEnd: string): string {
  cpSync(MIGRATIONS_FOLDER, partial, { recursive: true });
  const journalFile = path.join(partial, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const first = journal.entries.findIndex((e) => e.tag.endsWith(firstTagEnd));
  expect(first).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, first) }));
  return partial;
}

describe('migration to the forum’s one-vector search', () => {
  it('fills replies_search of existing threads, and the triggers keep it from then on', async () => {
    const client = await PGlite.create({ extensions: await pgliteExtensions() });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore('_forum_replies_search') });
    await client.exec(`
      insert into committees (name) values ('C');
      insert into forum_threads (committee_id, category_id, title, body, body_text) values (1, 1, 'First', '<p>a</p>', 'alpha'), (1, 1, 'Second', '<p>b</p>', 'beta');
      insert into forum_replies (thread_id, body, body_text) values (1, '<p>x</p>', 'zirconium columns'), (1, '<p>y</p>', 'hafnium standards');
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const found = async (word: string) =>
      (
        await client.query<{ title: string }>(
          `select title from forum_threads where (search || replies_search) @@ to_tsquery('english', $1) order by id`,
          [word],
        )
      ).rows.map((r) => r.title);
    expect(await found('zirconium')).toEqual(['First']);
    expect(await found('hafnium')).toEqual(['First']);
    expect(await found('beta')).toEqual(['Second']);

    await client.exec(`insert into forum_replies (thread_id, body, body_text) values (2, '<p>z</p>', 'niobium')`);
    await client.exec(`update forum_replies set body_text = 'tantalum columns' where body_text = 'zirconium columns'`);
    await client.exec(`delete from forum_replies where body_text = 'hafnium standards'`);
    expect(await found('niobium')).toEqual(['Second']);
    expect(await found('tantalum')).toEqual(['First']);
    expect(await found('zirconium')).toEqual([]);
    expect(await found('hafnium')).toEqual([]);
    await client.close();
  });
});
