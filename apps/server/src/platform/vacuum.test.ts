import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { runHousekeeping, vacuumOverdue } from './housekeeping.js';

/**
 * PGlite runs no autovacuum (no background workers), so the embedded portal's housekeeping vacuums
 * and analyzes the tables autovacuum would have: deleted rows reclaimed, statistics for the
 * planner. A PostgreSQL server keeps its own autovacuum, and the housekeeping leaves it alone.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(() => t.close());

const deadRows = async () => {
  // The counts a statement made reach the statistics when they are flushed, not at once.
  await t.database.db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = await rowsOf<{ n: number }>(
    t.database.db,
    sql`select n_dead_tup as n from pg_stat_user_tables where relname = 'vacuum_probe'`,
  );
  return Number(row?.n);
};

describe.runIf(process.env.TEST_DATABASE_URL === undefined)('the embedded database', () => {
  it('vacuums and analyzes a table with many deleted rows, and then leaves it until it has more', async () => {
    const db = t.database.db;
    await db.execute(sql`create table vacuum_probe (id int primary key, v text)`);
    await db.execute(sql`insert into vacuum_probe select g, repeat('x', 100) from generate_series(1, 5000) g`);
    await db.execute(sql`delete from vacuum_probe where id > 100`);
    expect(await deadRows()).toBe(4900);

    await runHousekeeping(t.app.deps, false);
    expect(await deadRows()).toBe(4900);

    await runHousekeeping(t.app.deps, true);
    expect(await deadRows()).toBe(0);
    const [stats] = await rowsOf<{ vacuumed: boolean; analyzed: boolean }>(
      t.database.db,
      sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'vacuum_probe'`,
    );
    expect(stats).toEqual({ vacuumed: true, analyzed: true });
    // Nothing changed since: no table is overdue, so nothing is vacuumed again.
    expect(await vacuumOverdue(t.app.deps)).toEqual([]);
  });
});
