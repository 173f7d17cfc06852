import { createHash } from 'node:crypto';
import type { Db, Tx } from '../db/client.js';

type Q = Db | Tx;

/** A query builder before it is prepared: Drizzle's select, insert, update and delete builders. */
export interface Preparable<P> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): P;
}

/**
 * What a prepared statement runs: its SQL text and the values written into the query (a value not
 * given as a placeholder is fixed in the statement, so two values make two statements).
 */
function textOf(query: Preparable<unknown>): string {
  const { sql, params } = query.toSQL();
  return params.length === 0 ? sql : `${sql}\n-- ${JSON.stringify(params)}`;
}

/** Per database (or transaction): SQL text and fixed values -> its prepared statement. */
const byText = new WeakMap<object, Map<string, { text: string; statement: unknown }>>();

function forText<P>(db: Q, text: string, query: Preparable<P>): { text: string; statement: P } {
  let map = byText.get(db);
  if (!map) byText.set(db, (map = new Map()));
  let entry = map.get(text);
  if (!entry) {
    // node-postgres prepares a name once per connection and refuses one name for two texts; a name
    // made from the text keeps that true.
    entry = { text, statement: query.prepare(`q_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`) };
    map.set(text, entry);
  }
  return entry as { text: string; statement: P };
}

/**
 * The prepared statement of a query, keyed by its SQL text (and any value written into it rather than
 * given as a placeholder): a query whose WHERE, ORDER BY or columns differ always gets its own
 * statement. Values that vary per call go in as placeholders (`sql.placeholder`). This builds the SQL text on every call, which costs about as much as running
 * the query unprepared; hot paths use `statement` below.
 */
export function prepared<P>(db: Q, query: Preparable<P>): P {
  return forText(db, textOf(query), query).statement;
}

/** Vitest sets VITEST: there, every call also checks that the shape really decides the SQL text. */
const verify = !!process.env.VITEST;

/**
 * A statement for the hot paths: `build(db, shape)` may read only the shape (which filters are
 * present, which side, which order; never a value), so the shape decides the SQL text, and the
 * SQL text decides the statement (as in `prepared`). A call with a shape seen before skips building
 * the query and its SQL, which is most of a list call's CPU (bench/README.md). Define statements at
 * module level so the builder cannot capture anything but module constants; under Vitest every call
 * rebuilds the SQL and throws when the same shape gave another text (a builder reading outside its
 * shape).
 */
export function statement<S extends object | void, P>(build: (db: Q, shape: S) => Preparable<P>): (db: Q, shape: S) => P {
  const byShape = new WeakMap<object, Map<string, { text: string; statement: P }>>();
  return (db, shape) => {
    let map = byShape.get(db);
    if (!map) byShape.set(db, (map = new Map()));
    const key = shape === undefined ? '' : JSON.stringify(shape);
    let entry = map.get(key);
    if (entry && verify) {
      const text = textOf(build(db, shape));
      if (text !== entry.text) throw new Error(`statement: the shape ${key} gave two SQL texts; its builder reads something outside its shape`);
    }
    if (!entry) {
      const query = build(db, shape);
      entry = forText(db, textOf(query), query);
      map.set(key, entry);
    }
    return entry.statement;
  };
}
