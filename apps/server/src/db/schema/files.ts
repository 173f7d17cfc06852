import { bigint, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Every stored file, whatever record names it (job and site documents today; forum attachments,
 * meeting documents, publications, resources and competency documents next). The bytes live in
 * Storage under storage_key; a row is written only in the transaction of the record that names
 * it, after the file is complete. mime_type is what the uploader's browser declared, kept for the
 * record and never served (packages/shared/src/files.ts chooses the served type from the name).
 */
export const files = pgTable('files', {
  id: serial().primaryKey(),
  storageKey: text().notNull().unique(),
  name: text().notNull(),
  size: bigint({ mode: 'number' }).notNull(),
  mimeType: text().notNull(),
  uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
