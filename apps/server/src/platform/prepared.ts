import type { Db, Tx } from '../db/client.js';

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A prepared statement per database and shape, built on first use. The hot list queries build their
 * SQL once this way (Drizzle's query building is most of their CPU) and PostgreSQL plans them once
 * per connection. key names the shape (which filters are present), never a value.
 */
export function prepared<T>(db: Db | Tx, key: string, build: (name: string) => T): T {
  let byKey = statements.get(db);
  if (!byKey) {
    byKey = new Map();
    statements.set(db, byKey);
  }
  let statement = byKey.get(key) as T | undefined;
  if (!statement) {
    statement = build(key.replace(/[^a-zA-Z0-9_]/g, '_').slice(0, 60));
    byKey.set(key, statement);
  }
  return statement;
}
