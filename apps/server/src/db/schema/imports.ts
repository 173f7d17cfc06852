import { integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The back-office import's staging (modules/imports): each checked row of a file waits here under
 * its import's id until the whole file is read, then one short transaction applies them to the real
 * tables. One real table keyed by the import's id rather than a table per import: it comes with the
 * migrations like any other, needs no DDL at run time, works the same through PGlite's one
 * connection and a pg pool (a TEMPORARY table would live on one pooled connection only), and two
 * imports at once never see each other's rows. `row` holds the values by their column names in the
 * target table (jsonb_populate_record types them), plus the natural keys of its references.
 * Rows an import leaves when the process dies are removed by housekeeping (platform/housekeeping.ts).
 */
export const importStaging = pgTable(
  'import_staging',
  {
    importId: uuid().notNull(),
    /** The CSV line the row ends on, for messages about it. */
    line: integer().notNull(),
    row: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);
