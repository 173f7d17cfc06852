import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { freshDatabase } from '../test/helpers.js';
import { isoTimeOf } from './iso-time.js';
import { decoded, statement } from './prepared.js';

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

describe('hot statements', () => {
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
    const leaky = statement((q) =>
      q
        .select({ email: users.email })
        .from(users)
        .where(outside ? eq(users.activated, true) : undefined),
    );
    await leaky(db).execute();
    outside = true;
    expect(() => leaky(db)).toThrow(/reads something outside its shape/);
  });

  it('writes a timestamptz selected with isoTimeOf as Date#toISOString does', async () => {
    const at = statement((q) =>
      q
        .select({ at: isoTimeOf(users.createdAt), date: users.createdAt })
        .from(users)
        .where(eq(users.email, 'a@prepared.test')),
    );
    const [row] = await at(database.db, {}).execute();
    expect(row!.at).toBe(row!.date.toISOString());
  });

  it('takes placeholders by name, and keeps a value written into the query in its own statement', async () => {
    const { db } = database;
    const byName = statement((q, shape: { name: string }) =>
      q.select({ email: users.email }).from(users).where(eq(users.firstName, shape.name)),
    );
    expect(emails(await byName(db, { name: 'Ann' }).execute())).toEqual(['a@prepared.test']);
    expect(emails(await byName(db, { name: 'Ben' }).execute())).toEqual(['b@prepared.test']);
    const above = statement((q) =>
      q
        .select({ email: users.email })
        .from(users)
        .where(sql`${users.id} > ${sql.placeholder('min')} and ${users.email} like ${'%@prepared.test'}`),
    );
    expect(emails(await above(db).execute({ min: 0 }))).toEqual(['a@prepared.test', 'b@prepared.test']);
    expect(above.sqlOf()).toEqual({
      text: expect.stringContaining('"users"."id" > $1 and "users"."email" like $2'),
      names: ['min', null],
      fixed: [undefined, '%@prepared.test'],
    });
  });

  it('maps rows as Drizzle does: flat and nested fields, decoders, and an outer-joined object null when its row is missing', async () => {
    const { db } = database;
    const [ann] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'a@prepared.test'));
    await db.insert(sessions).values({
      tokenHash: 'prepared-test-token',
      userId: ann!.id,
      stage: 'active',
      expiresAt: new Date('2030-01-02T03:04:05Z'),
    });
    const manager = alias(users, 'manager');
    const build = (q: typeof db) =>
      q
        .select({
          email: users.email,
          upper: sql<string>`upper(${users.firstName})`,
          initial: decoded(sql`${users.firstName}`, (v) => `${String(v)[0]}.`),
          person: { first: users.firstName, activated: users.activated },
          session: {
            stage: sessions.stage,
            expiresAt: sessions.expiresAt,
            late: sql<boolean>`${sessions.expiresAt} > now()`,
          },
          manager: { email: manager.email },
          // A whole table stands for its columns.
          sessionRow: sessions,
        })
        .from(users)
        .leftJoin(sessions, eq(sessions.userId, users.id))
        .leftJoin(manager, sql`false`)
        .where(sql`${users.email} like '%@prepared.test'`)
        .orderBy(users.email);
    const hot = statement((q) => build(q as typeof db));
    // Drizzle's own mapping (the query run by Drizzle) against the statement's mapper.
    const expected = await build(db);
    const rows = await hot(db).execute();
    expect(rows).toEqual(expected);
    expect(rows.map((r) => r.sessionRow?.tokenHash ?? null)).toEqual(['prepared-test-token', null]);
    expect(rows.map(({ sessionRow: _, ...r }) => r)).toEqual([
      {
        email: 'a@prepared.test',
        upper: 'ANN',
        initial: 'A.',
        person: { first: 'Ann', activated: true },
        session: { stage: 'active', expiresAt: new Date('2030-01-02T03:04:05Z'), late: true },
        manager: null,
      },
      {
        email: 'b@prepared.test',
        upper: 'BEN',
        initial: 'B.',
        person: { first: 'Ben', activated: false },
        session: null,
        manager: null,
      },
    ]);
    // In a transaction the statement runs on the transaction's connection, through Drizzle's prepared statement.
    expect(await db.transaction((tx) => hot(tx).execute())).toEqual(expected);
  });

  it('reads dates, timestamps and intervals as the text Drizzle reads them, set on the connection (db/text-types.ts)', async () => {
    const { db } = database;
    const build = (q: typeof db) =>
      q
        .select({
          date: sql<string>`date '2030-01-02'`,
          timestamp: sql<string>`timestamp '2030-01-02 03:04:05.678'`,
          timestamptz: sql<string>`timestamptz '2030-01-02 03:04:05.678Z'`,
          interval: sql<string>`interval '1 day 2 hours'`,
        })
        .from(users)
        .limit(1);
    const rows = await statement((q) => build(q as typeof db))(db).execute();
    expect(rows).toEqual(await build(db));
    expect(rows[0]).toEqual({
      date: '2030-01-02',
      timestamp: '2030-01-02 03:04:05.678',
      timestamptz: expect.stringMatching(/^2030-01-02 03:04:05\.678\+00(:00)?$/),
      interval: '1 day 02:00:00',
    });
  });
});
