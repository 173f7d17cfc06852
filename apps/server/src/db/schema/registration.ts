import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './files.js';
import { users } from './users.js';

/**
 * Registrations (type 'create') and profile changes (type 'update') waiting for an admin, and
 * their outcome. `handler` is the role that decides: TA_ADMIN for assessors' requests,
 * SYSADMIN for all others (docs/DECISIONS.md).
 */
export const userRequests = pgTable(
  'user_requests',
  {
    id: serial().primaryKey(),
    type: text().$type<'create' | 'update'>().notNull(),
    status: text().$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    handler: text().$type<'SYSADMIN' | 'TA_ADMIN'>().notNull(),
    /** The registrant's email (create), or the user's at the time of the request (update). */
    email: text().notNull(),
    /** 'First Last', for lists and sorting. */
    name: text().notNull(),
    /** The roles asked for (create) or held (update), for lists. */
    roles: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The user changing their profile (update), or the user an approved registration created. */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** The registration form (create), or { fields, before, user_info, competency } of a change (update). */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** A profile change: the keys the admin ticked and applied. */
    appliedKeys: jsonb().$type<string[]>(),
    rejectReason: text(),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_requests_pending_idx').on(t.status, t.handler, t.type),
    index('user_requests_user_idx').on(t.userId),
    // One pending profile change per user, held by the database (two saves at once keep one).
    uniqueIndex('user_requests_one_pending_change_idx')
      .on(t.userId)
      .where(sql`${t.type} = 'update' and ${t.status} = 'pending'`),
  ],
);

/** What an assessor's profile holds beyond the users row: several emails, phones and addresses, competency. */
export const userInfos = pgTable('user_infos', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emails: jsonb()
    .$type<{ Type: string; email: string; isPrimary: boolean }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  phones: jsonb()
    .$type<{ Type: string; countryCode: string; phoneNumber: string; isPrimary: boolean }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  addresses: jsonb()
    .$type<
      {
        Type: string;
        AddressLine: string;
        Country: string;
        State: string;
        Suburb: string;
        Postcode: string;
        isPrimary: boolean;
      }[]
    >()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The body's PDF of the assessor's competencies. */
  competencyFileId: integer().references(() => files.id, { onDelete: 'set null' }),
  /** When the assessor last opened their competency PDF (Mark Profile up to date waits for it). */
  competencyViewedAt: timestamp({ withTimezone: true }),
  /** When the profile was last marked up to date (the unused-TA report's Profile Reviewed). */
  reviewedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An assessor's suggested-changes document for their competencies (spec/02 'Competency suggestion':
 * suggestChanges, document, orgDoc). Uploaded from Edit Profile before the change is sent (a draft,
 * `requestId` null: at most one per user, a new upload replaces it), then named by the profile
 * change it travels with. `document` is the name the client holds (the spec's `fileName`).
 */
export const competencySuggestions = pgTable(
  'competency_suggestions',
  {
    id: serial().primaryKey(),
    document: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    requestId: integer().references(() => userRequests.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('competency_suggestions_document_idx').on(t.document),
    index('competency_suggestions_user_idx').on(t.userId),
    index('competency_suggestions_request_idx').on(t.requestId),
  ],
);
