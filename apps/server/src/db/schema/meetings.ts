import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { files } from './files.js';
import { committees, users } from './users.js';

/** PostgreSQL's tsvector (drizzle has no column type for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Meeting folders of a committee: a root folder (parent_id null) holds sub folders (parent_id its
 * root); documents live in sub folders. Two levels only.
 */
export const meetingFolders = pgTable(
  'meeting_folders',
  {
    id: serial().primaryKey(),
    committeeId: integer()
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    parentId: integer().references((): AnyPgColumn => meetingFolders.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    subtitle: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('meeting_folders_committee_parent_idx').on(t.committeeId, t.parentId),
    index('meeting_folders_parent_idx').on(t.parentId),
  ],
);

/**
 * A folder's direct members. A folder without any is open to every member of its committee; one
 * with some is open to them and the committee admin only; a sub folder is also held to its root's
 * (docs/DECISIONS.md "Meeting folder access").
 */
export const meetingFolderMembers = pgTable(
  'meeting_folder_members',
  {
    folderId: integer()
      .notNull()
      .references(() => meetingFolders.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.userId] }), index('meeting_folder_members_user_idx').on(t.userId)],
);

/**
 * A meeting document: a stored file (files: name, size, type, uploader, storage key) in a sub
 * folder. committee_id repeats the folder's (a folder never changes committee) so the recent list
 * of a committee reads one index. search holds the name (weight A) from the upload on, and the
 * extracted text (weight B) once the indexer has read the file; content keeps that text for the
 * search snippet. index_state: pending (waiting for the indexer), indexed, skipped (a type read by
 * name only), failed (the file could not be read; found by name).
 */
export const meetingDocuments = pgTable(
  'meeting_documents',
  {
    id: serial().primaryKey(),
    folderId: integer()
      .notNull()
      .references(() => meetingFolders.id, { onDelete: 'cascade' }),
    committeeId: integer()
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .unique()
      .references(() => files.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    content: text(),
    // Kept in the row (storage main, migration 0024): the search tests every vector of a committee.
    search: tsvector().notNull(),
    indexState: text({ enum: ['pending', 'indexed', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    indexedAt: timestamp({ withTimezone: true }),
    /** Why the text was not read (failed): broken, or past the extraction's bounds, memory or time. */
    indexNote: text(),
  },
  (t) => [
    index('meeting_documents_folder_idx').on(t.folderId, t.updatedAt.desc()),
    index('meeting_documents_committee_updated_idx').on(t.committeeId, t.updatedAt.desc(), t.id.desc()),
    index('meeting_documents_pending_idx')
      .on(t.id)
      .where(sql`${t.indexState} = 'pending'`),
  ],
);
