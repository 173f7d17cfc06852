/**
 * Loaded before the portal by check-sql.mjs (`--import`): appends the text of every query the
 * portal sends through node-postgres to the file SQL_LOG, once per distinct text. Benchmark-only;
 * the portal itself has no such hook.
 */
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const seen = new Set();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (text && !seen.has(text)) {
    seen.add(text);
    appendFileSync(process.env.SQL_LOG, `${JSON.stringify(text)}\n`);
  }
  return original.call(this, config, ...rest);
};
