/**
 * The column types both drivers hand over as PostgreSQL's text: dates, timestamps and intervals
 * (and the arrays of those and of numeric). Drizzle's drivers pass exactly these with each of their
 * queries, so the columns' decoders get text; the hot statements (platform/prepared.ts) expect the
 * same. They are set on the connection as it opens (db/client.ts), not passed with each hot
 * statement: PGlite merges per-query parsers into a copy of all of its ~320 parsers on every query,
 * about 110 µs a query on this machine against none (bench/README.md, 2026-11-28, fifth session),
 * and node-postgres copies every field of a query's config.
 *
 * PGlite builds its array types' parsers from their element's when it opens, so there an array of
 * dates comes as an array of texts, where node-postgres gives the array's text. No hot statement
 * selects such an array; Drizzle's own queries still pass their parsers and get the text.
 */
export const TEXT_TYPE_OIDS = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231] as const;

const asText = (value: string) => value;

/** PGlite's `parsers` option. */
export const pgliteTextParsers = (): Record<number, (value: string) => string> =>
  Object.fromEntries(TEXT_TYPE_OIDS.map((oid) => [oid, asText]));

/** node-postgres' `types` option of a pool, over its default parsers. */
export function pgTextTypes<P>(defaults: { getTypeParser(oid: number, format?: 'text' | 'binary'): P }) {
  const text = new Set<number>(TEXT_TYPE_OIDS);
  return {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      text.has(oid) ? (asText as unknown as P) : defaults.getTypeParser(oid, format),
  };
}
