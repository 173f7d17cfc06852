import { createHash } from 'node:crypto';
import { Column, fillPlaceholders, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
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

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What Drizzle keeps on a prepared select (pg-core's PgPreparedQuery, node-postgres and PGlite alike). */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown[];
  joinsNotNullableMap?: Record<string, boolean>;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** What node-postgres' prepared query holds (drizzle-orm/node-postgres/session.js). */
interface NodePgInternals {
  client: { query(config: object, params: unknown[]): Promise<{ rows: unknown[][] }> };
  queryConfig: object;
  params: unknown[];
}

/** The decoder Drizzle's own mapResultRow picks for a selected field (drizzle-orm/utils.js). */
function decoderOf(field: unknown): Decoder {
  // `decoder` is internal in Drizzle's types: the same reads as its mapResultRow.
  const decoderOfSql = (x: unknown) => (x as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: unknown } })._.sql);
  return decoderOfSql((field as { sql: unknown }).sql);
}

/**
 * Drizzle turns each row into an object with a generic walk that allocates an iterator and an
 * entry per column of every row (a fifth of a list call's allocations, bench/alloc.mjs). A prepared
 * select whose fields sit at most one object deep (all of ours) gets a mapper made once from its
 * keys and decoders, which Drizzle calls instead (its `customResultMapper`, given the rows in array
 * mode). It keeps Drizzle's rule for outer joins (drizzle-orm/utils.js mapResultRow): a nested
 * object whose columns all come from one outer-joined table is null when its first column is.
 */
function withRowMapper<P>(statement: P): P {
  const prepared = statement as PreparedSelect;
  const fields = prepared.fields;
  if (!fields || prepared.customResultMapper || fields.some((f) => f.path.length > 2)) return statement;
  const mapRow = rowMapperOf(fields, nullableObjects(fields, prepared.joinsNotNullableMap));
  const decoders = fields.map((f) => decoderOf(f.field));
  prepared.customResultMapper = (rows) => {
    const out = new Array<unknown>(rows.length);
    for (let r = 0; r < rows.length; r++) out[r] = mapRow(rows[r]!, decoders);
    return out;
  };
  const mapRows = prepared.customResultMapper;
  if (is(statement, NodePgPreparedQuery)) {
    // On a PostgreSQL server, the statement runs straight on node-postgres with Drizzle's own query
    // config (its name, array rows and type parsers): Drizzle's execute wraps each call in tracing
    // spans, a cache lookup and three async closures, a tenth of a list call's allocations.
    const { client, queryConfig, params } = prepared as unknown as NodePgInternals;
    prepared.execute = async (values = {}) => mapRows((await client.query(queryConfig, fillPlaceholders(params, values))).rows);
  }
  return statement;
}

/** The nested objects Drizzle would null, each with the index of the column that decides it. */
function nullableObjects(fields: { path: string[]; field: unknown }[], notNullable: Record<string, boolean> | undefined) {
  if (!notNullable) return [];
  const byObject = new Map<string, { first: number; table: string | false }>();
  fields.forEach((f, i) => {
    if (f.path.length !== 2 || !is(f.field, Column)) return;
    const table = getTableName(f.field.table);
    const seen = byObject.get(f.path[0]!);
    if (!seen) byObject.set(f.path[0]!, { first: i, table });
    else if (seen.table !== table) seen.table = false;
  });
  return [...byObject]
    .filter(([, o]) => o.table !== false && !notNullable[o.table])
    .map(([key, o]) => ({ key, first: o.first }));
}

/**
 * One row's object, written as a single object literal by code made once per statement: built key
 * by key from `{}`, every row's object (and its nested ones) grew its property store on the way
 * (a row of the jobs list: 363 bytes against 226 as one literal). Keys come from our own select
 * objects, written as JSON string literals; each value goes through its column's decoder as
 * Drizzle's would.
 */
function rowMapperOf(fields: { path: string[] }[], nullable: { key: string; first: number }[]): (row: unknown[], decoders: Decoder[]) => object {
  const value = (i: number) => `row[${i}] === null ? null : d[${i}].mapFromDriverValue(row[${i}])`;
  const groups = new Map<string, { i: number; key: string | null }[]>();
  fields.forEach((f, i) => {
    const group = groups.get(f.path[0]!) ?? [];
    group.push({ i, key: f.path.length === 2 ? f.path[1]! : null });
    groups.set(f.path[0]!, group);
  });
  const entries = [...groups].map(([outer, group]) => {
    if (group[0]!.key === null) return `${JSON.stringify(outer)}: ${value(group[0]!.i)}`;
    const inner = `{ ${group.map((g) => `${JSON.stringify(g.key)}: ${value(g.i)}`).join(', ')} }`;
    const nulled = nullable.find((n) => n.key === outer);
    return `${JSON.stringify(outer)}: ${nulled ? `row[${nulled.first}] === null ? null : ${inner}` : inner}`;
  });
  return new Function('row', 'd', `return { ${entries.join(', ')} };`) as (row: unknown[], decoders: Decoder[]) => object;
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
    entry = { text, statement: withRowMapper(query.prepare(`q_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`)) };
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
  const byShape = new WeakMap<object, ShapeTree>();
  return (db, shape) => {
    let tree = byShape.get(db);
    if (!tree) byShape.set(db, (tree = new Map()));
    const slot = slotOf(tree, shape);
    let entry = slot.get(ENTRY) as { text: string; statement: P } | undefined;
    if (entry && verify) {
      const text = textOf(build(db, shape));
      if (text !== entry.text) throw new Error(`statement: the shape ${JSON.stringify(shape)} gave two SQL texts; its builder reads something outside its shape`);
    }
    if (!entry) {
      const query = build(db, shape);
      entry = forText(db, textOf(query), query);
      slot.set(ENTRY, entry);
    }
    return entry.statement;
  };
}

/** Shapes seen, one level per property of the shape (its name, then its value); a slot keeps its statement under ENTRY. */
type ShapeTree = Map<unknown, unknown>;
const ENTRY = Symbol('statement');

/**
 * The slot of a shape, found without building a key: a shape seen before allocates nothing (a
 * JSON.stringify of the shape for each statement of a call was about 1 kB of a jobs list call,
 * bench/alloc.mjs).
 */
function slotOf(tree: ShapeTree, shape: object | void): ShapeTree {
  let level = tree;
  if (shape) for (const name in shape) level = childOf(childOf(level, name), (shape as Record<string, unknown>)[name]);
  return level;
}

function childOf(level: ShapeTree, key: unknown): ShapeTree {
  let child = level.get(key) as ShapeTree | undefined;
  if (!child) level.set(key, (child = new Map()));
  return child;
}
