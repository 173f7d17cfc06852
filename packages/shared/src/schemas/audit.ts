import { z } from 'zod';
import { AUDIT_ACTION_NAMES, type AuditAction } from '../audit.js';
import { safeString } from './common.js';
import { isoDate, pageQuery, paged } from './paging.js';

/**
 * GET /api/audit and GET /api/audit.csv (SYSADMIN): the trail filtered by who acted (a user id, or
 * text found in the name or email they had then), the action, the record (its kind, and its id)
 * and the days it falls on (from/to, Sydney calendar dates, both included), newest first.
 */
/** 400 for a user filter of digits past what a user id can be (PostgreSQL's integer). */
export const AUDIT_USER_ID_TOO_LARGE = 'A user id is a whole number up to 2147483647.';

export const auditFilters = {
  user: safeString()
    .trim()
    .max(255)
    .refine((v) => !/^\d+$/.test(v) || Number(v) <= 2_147_483_647, AUDIT_USER_ID_TOO_LARGE)
    .optional(),
  action: z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]]).optional(),
  record_type: safeString().trim().max(64).optional(),
  record_id: safeString().trim().max(64).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
};
export const auditQuery = z.object({ ...auditFilters, ...pageQuery(20) });
export type AuditQuery = z.infer<typeof auditQuery>;
export const auditCsvQuery = z.object(auditFilters);
export type AuditFilters = z.infer<typeof auditCsvQuery>;

export const auditEntry = z.object({
  id: z.number(),
  /** ISO time. */
  at: z.string(),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  action_label: z.string(),
  record_type: z.string().nullable(),
  record_id: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditList = paged(auditEntry);
export type AuditList = z.infer<typeof auditList>;

/** The export's file name. */
export const AUDIT_CSV_NAME = 'audit-trail.csv';
