/**
 * What every scale-data generator starts with: its PostgreSQL database, created when missing and
 * migrated (openPostgres), and a runner that times each statement.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, type Db } from '../apps/server/src/db/client.js';

/** Creates the database of `url` when it does not exist yet, then opens (and migrates) it. */
export async function openBenchDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  const exists = await c.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await c.query(`create database "${name}"`);
  await c.end();
  return openPostgres(url);
}

/** Runs one statement and says how long it took. */
export function stepper(db: Db) {
  return async (label: string, query: string) => {
    const s = performance.now();
    await db.execute(sql.raw(query));
    console.log(`${label.padEnd(16)} ${((performance.now() - s) / 1000).toFixed(1)} s`);
  };
}
