import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail: who did what, when, from which address, to which record, with the values
 * before and after. Append-only: migration 0019 adds a trigger refusing UPDATE and DELETE, and no
 * call changes a row. The actor is kept by id and by the name and email they had then, with no
 * foreign key, so a deleted user's records still say who acted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: integer(),
    actorName: text(),
    actorEmail: text(),
    action: text().notNull(),
    recordType: text(),
    recordId: text(),
    ip: text(),
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_at_idx').on(t.actorId, t.at.desc()),
    index('audit_log_action_at_idx').on(t.action, t.at.desc()),
    index('audit_log_record_idx').on(t.recordType, t.recordId),
    // The list's user filter: a whole email is looked up exactly, newest first, by this index (it
    // also finds failed sign-ins, which keep the email as typed and no user id); other text (a part
    // of the name or email the record kept) is an ILIKE '%...%', answered by trigram indexes without
    // reading the whole trail (pg_trgm, in PGlite's contrib too).
    index('audit_log_actor_email_at_idx').on(sql`lower(${t.actorEmail})`, t.at.desc()),
    index('audit_log_actor_name_trgm_idx').using('gin', t.actorName.op('gin_trgm_ops')),
    index('audit_log_actor_email_trgm_idx').using('gin', t.actorEmail.op('gin_trgm_ops')),
  ],
);
