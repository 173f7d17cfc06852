import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { freshDatabase } from '../test/helpers.js';
import { prepared, statement } from './prepared.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.insert(users).values([
    { email: 'a@prepared.test', passwordHash: 'x', firstName: 'Ann', lastName: 'A', activated: true },
    { email: 'b@prepared.test', passwordHash: 'x', firstName: 'Ben', lastName: 'B', activated: false },
  ]);
});
afterAll(() => database.close());

const emails = (rows: { email: string }[]) => rows.map((r) => r.email).sort();

describe('prepared statements', () => {
  it('gives two queries that differ only in their WHERE two statements', async () => {
    const { db } = database;
    const all = prepared(db, db.select({ email: users.email }).from(users).where(sql`${users.id} > ${sql.placeholder('min')}`));
    // The same code path with a new filter: once the cache was keyed by a name, this reused the first WHERE.
    const active = prepared(db, db.select({ email: users.email }).from(users).where(sql`${users.id} > ${sql.placeholder('min')} and ${users.activated}`));
    expect(active).not.toBe(all);
    expect(emails(await all.execute({ min: 0 }))).toEqual(['a@prepared.test', 'b@prepared.test']);
    expect(emails(await active.execute({ min: 0 }))).toEqual(['a@prepared.test']);
    // The same text again is the same statement.
    expect(prepared(db, db.select({ email: users.email }).from(users).where(sql`${users.id} > ${sql.placeholder('min')}`))).toBe(all);
  });

  it('keeps a value written into the query (not a placeholder) in the key', async () => {
    const { db } = database;
    const byName = (name: string) => prepared(db, db.select({ email: users.email }).from(users).where(eq(users.firstName, name)));
    expect(emails(await byName('Ann').execute())).toEqual(['a@prepared.test']);
    expect(emails(await byName('Ben').execute())).toEqual(['b@prepared.test']);
  });

  it('builds a statement per shape, and refuses a builder that reads outside its shape', async () => {
    const { db } = database;
    const list = statement((q, shape: { activeOnly: boolean }) =>
      q
        .select({ email: users.email })
        .from(users)
        .where(shape.activeOnly ? eq(users.activated, true) : undefined),
    );
    expect(emails(await list(db, { activeOnly: false }).execute())).toEqual(['a@prepared.test', 'b@prepared.test']);
    expect(emails(await list(db, { activeOnly: true }).execute())).toEqual(['a@prepared.test']);
    expect(list(db, { activeOnly: true })).toBe(list(db, { activeOnly: true }));

    let outside = false;
    const leaky = statement((q) => q.select({ email: users.email }).from(users).where(outside ? eq(users.activated, true) : undefined));
    await leaky(db).execute();
    outside = true;
    expect(() => leaky(db)).toThrow(/reads something outside its shape/);
  });
});
