import { createHash } from 'node:crypto';
import { Column, getTableColumns, getTableName, is, Placeholder, SQL, Table } from 'drizzle-orm';
import { QueryBuilder, type PgSelectConfig } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';

type Q = Db | Tx;

/**
 * The hot statements (the lists and the authenticate hook) are written once, with Drizzle's query
 * builder, and run on the drivers' own public APIs: Drizzle's `toSQL()` gives the text and its
 * parameters once per shape, node-postgres runs it as a named prepared statement (`{ name, text,
 * values, rowMode: 'array' }`), PGlite through its `query(text, values, { rowMode })`, and the rows
 * are mapped by code made once per statement. Drizzle's own execute walks every row with a generic
 * mapper and wraps each call in tracing spans, a cache lookup and async closures, most of the gap
 * to raw pg on a list call (bench/README.md). Nothing here reads Drizzle's or pg's private parts, so
 * their minor upgrades need no detective work (`npm run deps:latest-check`).
 */

/** A select before it runs: its documented `toSQL()`, its selection and config (the builder's typed `_`). */
export interface HotQuery<R> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
  readonly _: { readonly selectedFields: Record<string, unknown>; readonly config: PgSelectConfig; readonly result: R };
}

/** What a hot statement gives its caller: Drizzle's prepared statement's `execute`, with the same rows. */
export interface HotStatement<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

type Decode = (value: unknown) => unknown;
const decoders = new WeakMap<SQL, Decode>();

/**
 * `sql`...`.mapWith(decode)` for a field of a hot statement: the decoder is kept here too, since
 * Drizzle keeps a SQL field's decoder in a private property. A bare `.mapWith` in a hot statement
 * would not be applied (the answers' schema checks under tests would then fail).
 */
export function decoded<T>(expression: SQL<unknown>, decode: (value: unknown) => T): SQL<T> {
  const mapped = expression.mapWith(decode);
  decoders.set(mapped, decode as Decode);
  return mapped;
}

interface Field {
  path: [string] | [string, string];
  value: unknown;
}

/** The selection's fields in the order of the SELECT list (Drizzle writes them in key order, one level of nesting here). */
function fieldsOf(selection: Record<string, unknown>): Field[] {
  const fields: Field[] = [];
  for (const [key, value] of Object.entries(selection)) {
    if (is(value, Column) || is(value, SQL) || is(value, SQL.Aliased)) fields.push({ path: [key], value });
    else if (value && typeof value === 'object') {
      // A whole table (or an alias of one) stands for its columns, in their order.
      const nested = is(value, Table) ? getTableColumns(value) : (value as Record<string, unknown>);
      for (const [inner, v] of Object.entries(nested)) {
        if (!(is(v, Column) || is(v, SQL) || is(v, SQL.Aliased)))
          throw new Error(`statement: the field ${key}.${inner} nests deeper than one object`);
        fields.push({ path: [key, inner], value: v });
      }
    } else throw new Error(`statement: the field ${key} is not a column or an SQL expression`);
  }
  return fields;
}

function decoderOf(field: unknown): Decode | null {
  if (is(field, Column)) return (v) => field.mapFromDriverValue(v);
  const expression = is(field, SQL.Aliased) ? field.sql : field;
  return (is(expression, SQL) && decoders.get(expression)) || null;
}

/**
 * The tables an outer join may leave empty, by name (an alias's name for an alias): Drizzle's rule
 * (a left join's table, and every earlier table before a right join, both for a full join).
 */
function nullableTables(config: PgSelectConfig): Set<string> {
  const nameOf = (t: unknown) => (is(t, Table) ? getTableName(t) : null);
  const seen: string[] = [];
  const nullable = new Set<string>();
  const from = nameOf(config.table);
  if (from) seen.push(from);
  for (const join of config.joins ?? []) {
    const name = join.alias ?? nameOf(join.table);
    if (join.joinType === 'right' || join.joinType === 'full') for (const s of seen) nullable.add(s);
    if (name && (join.joinType === 'left' || join.joinType === 'full')) nullable.add(name);
    if (name) seen.push(name);
  }
  return nullable;
}

/**
 * One row's object from its array, written as a single object literal by code made once per
 * statement: built key by key from `{}`, every row's object grew its property store on the way. A
 * nested object whose columns all come from one outer-joined table is null when its first column
 * is, as Drizzle maps it. Keys come from our own select objects, written as JSON string literals.
 */
function rowMapperOf(fields: Field[], nullable: Set<string>): (row: unknown[]) => unknown {
  const decode = fields.map((f) => decoderOf(f.value));
  const value = (i: number) => (decode[i] ? `row[${i}] === null ? null : d[${i}](row[${i}])` : `row[${i}]`);
  const groups = new Map<string, { i: number; key: string | null }[]>();
  fields.forEach((f, i) => {
    const group = groups.get(f.path[0]) ?? [];
    group.push({ i, key: f.path[1] ?? null });
    groups.set(f.path[0], group);
  });
  const entries = [...groups].map(([outer, group]) => {
    if (group[0]!.key === null) return `${JSON.stringify(outer)}: ${value(group[0]!.i)}`;
    const inner = `{ ${group.map((g) => `${JSON.stringify(g.key)}: ${value(g.i)}`).join(', ')} }`;
    // Drizzle looks at the columns only (not SQL fields), and at the first one's value.
    const columns = group.filter((g) => is(fields[g.i]!.value, Column));
    const tables = new Set(columns.map((g) => getTableName((fields[g.i]!.value as Column).table)));
    const [table] = tables;
    const nulls = tables.size === 1 && nullable.has(table!);
    return `${JSON.stringify(outer)}: ${nulls ? `row[${columns[0]!.i}] === null ? null : ${inner}` : inner}`;
  });
  const map = new Function('row', 'd', `return { ${entries.join(', ')} };`) as (
    row: unknown[],
    d: (Decode | null)[],
  ) => unknown;
  return (row) => map(row, decode);
}

/** node-postgres' Pool and PGlite, as far as their public APIs are used here. */
interface PgPool {
  totalCount: number;
  query(config: { name: string; text: string; values: unknown[]; rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
}
interface PgliteClient {
  query(text: string, values: unknown[], options: { rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
}

/** The driver's own promise of its result, not wrapped in another (see `execute` below). */
type Run = (name: string, text: string, values: unknown[]) => Promise<{ rows: unknown[][] }>;

const ARRAY_ROWS = { rowMode: 'array' } as const;

/**
 * How a database runs a statement on its driver (Drizzle's documented `db.$client`); null for a
 * transaction (its connection is Drizzle's to hold). Dates, timestamps and intervals come as text,
 * as Drizzle's drivers give them to the columns' decoders: both connections are opened so
 * (db/text-types.ts), and nothing is passed per statement.
 */
function runnerOf(db: Q): Run | null {
  const client = (db as { $client?: unknown }).$client;
  if (!client || typeof client !== 'object') return null;
  if ('totalCount' in client) {
    const pool = client as PgPool;
    return (name, text, values) => pool.query({ name, text, values, rowMode: 'array' });
  }
  const pglite = client as PgliteClient;
  return (_name, text, values) => pglite.query(text, values, ARRAY_ROWS);
}

/**
 * The parameters in order, from a reader made once per statement: a placeholder takes its value by
 * name, any other value is fixed in the statement. (Drizzle's `is` walks a class chain: asked per
 * parameter of every call it was a visible share of a list call's CPU, bench/README.md.)
 */
function valuesReaderOf(params: unknown[]): (values: Record<string, unknown>) => unknown[] {
  const names = params.map((p) => (is(p, Placeholder) ? p.name : null));
  return (values) => {
    const out = new Array<unknown>(names.length);
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      out[i] = name == null ? params[i] : values[name];
    }
    return out;
  };
}

/** A value written into a statement (not a placeholder) is part of what names it. */
function keyOf(sql: string, params: unknown[]): string {
  const fixed = params.filter((p) => !is(p, Placeholder));
  return fixed.length === 0 ? sql : `${sql}\n-- ${JSON.stringify(fixed)}`;
}

function compile<R>(db: Q, query: HotQuery<R>): { key: string; statement: HotStatement<R> } {
  const { sql: text, params } = query.toSQL();
  const key = keyOf(text, params);
  // node-postgres prepares a name once per connection and refuses one name for two texts; a name
  // made from the text keeps that true.
  const name = `q_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
  const run = runnerOf(db);
  if (!run) return { key, statement: query.prepare(name) };
  const mapRow = rowMapperOf(fieldsOf(query._.selectedFields), nullableTables(query._.config));
  const valuesOf = valuesReaderOf(params);
  const mapRows = ({ rows }: { rows: unknown[][] }) => {
    const out = new Array<unknown>(rows.length);
    for (let r = 0; r < rows.length; r++) out[r] = mapRow(rows[r]!);
    return out as R;
  };
  // Not async: the driver's promise and one `then`. Async functions around it made five promises a
  // statement where this makes two (an events call made 22 a request, the baseline 10; counted with
  // async_hooks, bench/README.md 2026-11-28), and each is a turn of the microtask queue.
  const statement: HotStatement<R> = {
    execute(values = {}) {
      return run(name, text, valuesOf(values)).then(mapRows);
    },
  };
  return { key, statement };
}

/** Vitest sets VITEST: there, every call also checks that the shape really decides the SQL text. */
const verify = !!process.env.VITEST;

/** A builder without a connection, with the databases' casing (db/client.ts): it renders the same text, for `sqlOf`. */
const textOnly = new QueryBuilder({ casing: 'snake_case' }) as unknown as Db;

export interface Statement<S, R> {
  (db: Q, shape: S): HotStatement<R>;
  /**
   * The SQL text the statement runs for a shape, its parameters' placeholder names in order, and
   * the values written into the statement (null name) at their places (for the benchmark's baseline).
   */
  sqlOf(shape: S): { text: string; names: (string | null)[]; fixed: unknown[] };
}

/**
 * A hot statement: `build(db, shape)` may read only the shape (which filters are present, which
 * order, the list's scope from its policy; never a value), so the shape decides the SQL text, and the SQL text decides the
 * statement. A call with a shape seen before skips building the query and its SQL, which is most of
 * a list call's CPU (bench/README.md). Define statements at module level so the builder cannot
 * capture anything but module constants; under Vitest every call rebuilds the SQL and throws when
 * the same shape gave another text (a builder reading outside its shape). In a transaction the
 * statement runs through Drizzle's own prepared statement, on the transaction's connection.
 */
export function statement<S extends object | void, R>(build: (db: Q, shape: S) => HotQuery<R>): Statement<S, R> {
  const byShape = new WeakMap<object, ShapeTree>();
  const run = (db: Q, shape: S): HotStatement<R> => {
    let tree = byShape.get(db);
    if (!tree) byShape.set(db, (tree = new Map()));
    const slot = slotOf(tree, shape);
    let entry = slot.get(ENTRY) as { key: string; statement: HotStatement<R> } | undefined;
    if (entry && verify) {
      const { sql, params } = build(db, shape).toSQL();
      if (keyOf(sql, params) !== entry.key)
        throw new Error(
          `statement: the shape ${JSON.stringify(shape, (_k, v: unknown) => keyOfValue(v))} gave two SQL texts; its builder reads something outside its shape`,
        );
    }
    if (!entry) {
      entry = compile(db, build(db, shape));
      slot.set(ENTRY, entry);
    }
    return entry.statement;
  };
  return Object.assign(run, {
    sqlOf(shape: S) {
      const { sql, params } = build(textOnly, shape).toSQL();
      return {
        text: sql,
        names: params.map((p) => (is(p, Placeholder) ? p.name : null)),
        fixed: params.map((p) => (is(p, Placeholder) ? undefined : p)),
      };
    },
  });
}

/** Shapes seen, one level per property of the shape (its name, then its value); a slot keeps its statement under ENTRY. */
type ShapeTree = Map<unknown, unknown>;
const ENTRY = Symbol('statement');

/**
 * The slot of a shape, found without building a key: a shape seen before allocates nothing (a
 * JSON.stringify of the shape for each statement of a call was a large share of a list call's
 * allocation, bench/alloc.mjs).
 */
function slotOf(tree: ShapeTree, shape: object | void): ShapeTree {
  let level = tree;
  if (shape)
    for (const name in shape) {
      const value = (shape as Record<string, unknown>)[name];
      level = childOf(level, name);
      // A scope's key a level below a symbol of its own, apart from any plain value: not a string
      // made for each call (`scope:${key}` was one a statement, and hashed as new each time).
      level = isScope(value) ? childOf(childOf(level, SCOPE), value.key) : childOf(level, value);
    }
  return level;
}

const SCOPE = Symbol('scope');

function isScope(value: unknown): value is { key: string } {
  return value !== null && typeof value === 'object' && typeof (value as { key?: unknown }).key === 'string';
}

/** A list's scope in a shape (access.ts `scopeFor`: its SQL and the key naming its form) stands for its key. */
function keyOfValue(value: unknown): unknown {
  return isScope(value) ? `scope:${value.key}` : value;
}

function childOf(level: ShapeTree, key: unknown): ShapeTree {
  let child = level.get(key) as ShapeTree | undefined;
  if (!child) level.set(key, (child = new Map()));
  return child;
}

/**
 * A row of a statement that also counts the page's total (`count(*) over ()`, every row carrying
 * it), as the answer lists it: the total is written once, beside the rows.
 */
export const withoutTotal = <R extends { total: number }>({ total: _, ...row }: R): Omit<R, 'total'> => row;
