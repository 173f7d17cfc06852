import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
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

  it('maps rows as Drizzle does: flat and nested fields, decoders, and an outer-joined object null when its row is missing', async () => {
    const { db } = database;
    const [ann] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'a@prepared.test'));
    await db.insert(sessions).values({ tokenHash: 'prepared-test-token', userId: ann!.id, stage: 'active', expiresAt: new Date('2030-01-02T03:04:05Z') });
    const query = () =>
      db
        .select({
          email: users.email,
          upper: sql<string>`upper(${users.firstName})`,
          person: { first: users.firstName, activated: users.activated },
          session: { stage: sessions.stage, expiresAt: sessions.expiresAt },
        })
        .from(users)
        .leftJoin(sessions, eq(sessions.userId, users.id))
        .where(sql`${users.email} like '%@prepared.test'`)
        .orderBy(users.email);
    // Drizzle's own mapping (an unprepared query) against the prepared statement's mapper.
    const expected = await query();
    const rows = await prepared(db, query()).execute();
    expect(rows).toEqual(expected);
    expect(rows).toEqual([
      { email: 'a@prepared.test', upper: 'ANN', person: { first: 'Ann', activated: true }, session: { stage: 'active', expiresAt: new Date('2030-01-02T03:04:05Z') } },
      { email: 'b@prepared.test', upper: 'BEN', person: { first: 'Ben', activated: false }, session: null },
    ]);
  });
});
