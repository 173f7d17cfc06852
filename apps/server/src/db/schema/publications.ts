import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { files } from './files.js';
import { users } from './users.js';

/**
 * Publication categories: a tree of two levels. The roots are spec/02 section 9's four (General,
 * Accreditation Program Updates, Portal Publications, Newsletters); a publication belongs to a
 * subcategory (a row with a parent). Names are unique among siblings.
 */
export const publicationCategories = pgTable(
  'publication_categories',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    parentId: integer().references((): AnyPgColumn => publicationCategories.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('publication_categories_parent_name_idx').on(sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    index('publication_categories_parent_idx').on(t.parentId),
  ],
);

/** The body's publications: a name and a stored file, in a subcategory; upserted by (subcategory, name). */
export const publications = pgTable(
  'publications',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => publicationCategories.id, { onDelete: 'restrict' }),
    fileId: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publications_category_name_idx').on(t.categoryId, sql`lower(${t.name})`),
    index('publications_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
  ],
);

/** A user's subscription to a subcategory; notify: they hear of each publication added or replaced there. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => publicationCategories.id, { onDelete: 'cascade' }),
    notify: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.categoryId] }),
    index('subscriptions_category_notify_idx').on(t.categoryId, t.notify),
  ],
);
