import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { files } from './files.js';

/**
 * Useful resources for technical assessors: the body's records, a name and a stored
 * file each; upserted by name (case-insensitive) by the import, managed by SYSADMIN's API.
 */
export const resources = pgTable(
  'resources',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    fileId: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('resources_name_idx').on(sql`lower(${t.name})`),
    index('resources_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
  ],
);
