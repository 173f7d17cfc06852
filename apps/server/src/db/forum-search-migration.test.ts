import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client.js';

/**
 * The forum's one-vector search (0012 the column and its GIN index, 0013 the triggers and the
 * backfill): a forum migrated up to 0011 with replies in it is migrated to the end, and its threads
 * are found by their replies' words at once; later replies keep the column in step.
 */
const partial = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
afterAll(() => rmSync(partial, { recursive: true, force: true }));

function migrationsUpTo(lastTag: string): string {
  cpSync(MIGRATIONS_FOLDER, partial, { recursive: true });
  const journalFile = path.join(partial, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(end).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  return partial;
}

describe('migration to the forum’s one-vector search', () => {
  it('fills replies_search of existing threads, and the triggers keep it from then on', async () => {
    const client = await PGlite.create();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo('0011_publications_outbox') });
    await client.exec(`
      insert into committees (name) values ('C');
      insert into forum_threads (committee_id, category_id, title, body, body_text) values (1, 1, 'First', '<p>a</p>', 'alpha'), (1, 1, 'Second', '<p>b</p>', 'beta');
      insert into forum_replies (thread_id, body, body_text) values (1, '<p>x</p>', 'zirconium columns'), (1, '<p>y</p>', 'hafnium standards');
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const found = async (word: string) =>
      (await client.query<{ title: string }>(`select title from forum_threads where (search || replies_search) @@ to_tsquery('english', $1) order by id`, [word])).rows.map((r) => r.title);
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
