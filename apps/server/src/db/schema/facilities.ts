import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export interface ContactRow {
  name: string;
  phone: string;
}

export interface CoordinatorRow {
  names: string | null;
  phone: string | null;
  email: string | null;
}

/** The body's facilities; facility_number (6 digits, zero padded) is the back office's key. */
export const facilities = pgTable('facilities', {
  id: serial().primaryKey(),
  facilityNumber: text().notNull().unique(),
  name: text().notNull(),
  billingEmail: text(),
  address: text(),
  suburb: text(),
  postCode: text(),
  state: text(),
  country: text(),
  contacts: jsonb()
    .$type<ContactRow[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Sites of a facility; site_number is the back office's key. */
export const sites = pgTable(
  'sites',
  {
    id: serial().primaryKey(),
    siteNumber: text().notNull().unique(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    status: text(),
    email: text(),
    phone: text(),
    address: text(),
    suburb: text(),
    state: text(),
    country: text(),
    postCode: text(),
    contacts: jsonb()
      .$type<ContactRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The Accreditation Specialist card. */
    clientCoordinator: jsonb().$type<CoordinatorRow>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sites_facility_idx').on(t.facilityId)],
);

/** The sites an authorised representative represents: what they see of facilities, jobs and invoices. */
export const arSites = pgTable(
  'ar_sites',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  // The primary key serves "sites of a user"; the index "representatives of a site".
  (t) => [primaryKey({ columns: [t.userId, t.siteId] }), index('ar_sites_site_idx').on(t.siteId)],
);
