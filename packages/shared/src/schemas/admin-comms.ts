import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { safeId, safeInt, safeString } from './common.js';
import { paged } from './paging.js';

const NOTIFICATION_TEXT_MAX_SENDER = 255;

/**
 * The admin's committees, notifications sent to groups and the unused-assessor report
 * (spec/02 sections 3, 5, 7 and 9).
 */

/** POST /committees and PUT /committees/{id}: the spec's payload. */
export const committeeSave = z.object({
  committee_name: safeString().max(LIMITS.committeeNameMax),
  committee_admin_id: safeId().nullable().optional(),
  committee_members: z.array(safeId()).max(5000).default([]),
});
export type CommitteeSave = z.output<typeof committeeSave>;

/** A committee as the Manage Committees table and its modal see it. */
export const managedCommittee = z.object({
  id: z.number(),
  name: z.string(),
  admin_id: z.number().nullable(),
  /** 'First Last' of the admin, or null. */
  admin_name: z.string().nullable(),
  members: z.array(z.number()),
});
export type ManagedCommittee = z.infer<typeof managedCommittee>;

/** A user who may be put in a committee (holds CM, active). */
export const committeeCandidate = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type CommitteeCandidate = z.infer<typeof committeeCandidate>;

export const managedCommitteeList = z.object({
  data: z.array(managedCommittee),
  candidates: z.array(committeeCandidate),
});
export type ManagedCommitteeList = z.infer<typeof managedCommitteeList>;

/** The add/edit modal's form: the name as typed, members and admin as the pickers hold them. */
export const committeeForm = z.object({
  committee_name: z
    .string()
    .trim()
    .min(1, 'Please enter a committee name.')
    .max(LIMITS.committeeNameMax, `A committee name has at most ${LIMITS.committeeNameMax} characters.`),
  committee_members: z.array(z.string()),
  committee_admin_id: z.string().nullable(),
});
export type CommitteeFormValues = z.infer<typeof committeeForm>;

/** The send form: the texts the spec names (checked as one message on sending). */
export const noticeForm = z.object({
  sender_name: z.string().max(NOTIFICATION_TEXT_MAX_SENDER),
  sender_email: z.string().max(NOTIFICATION_TEXT_MAX_SENDER),
  notification_title: z.string().max(255),
  notification_body: z.string().max(10_000),
  groups: z.array(z.string()),
  committee_ids: z.array(z.string()),
  send_to: z.string().nullable(),
});
export type NoticeFormValues = z.infer<typeof noticeForm>;

export const committeeSaved = z.object({ message: z.string(), data: managedCommittee });

/** The groups a SYSADMIN sends to (CM narrowed by committee), and a TA_ADMIN's options. */
export const NOTIFICATION_GROUPS = ['AR', 'TA', 'CM'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];
/** The group narrowed by committee: true when it is among the groups picked. */
export const picksCommitteeGroup = (groups: readonly string[]) => groups.includes('CM' satisfies NotificationGroup);
export const TA_SEND_TO = ['REPORT_USERS', 'ALL_TA_USERS'] as const;
export type TaSendTo = (typeof TA_SEND_TO)[number];
export const TA_SEND_TO_LABELS: Record<TaSendTo, string> = {
  REPORT_USERS: 'Unused TAs from the report',
  ALL_TA_USERS: 'All TA Users',
};

export const NOTIFICATION_TEXT_MAX = { title: 255, body: 10_000, sender: 255 } as const;

/**
 * POST /notifications. A SYSADMIN sends to groups (send_to a list of AR, TA, CM; committee_ids
 * narrows CM to those committees); a TA_ADMIN sends to REPORT_USERS (user_ids, from the report)
 * or ALL_TA_USERS. Empty texts are refused by the service with the spec's one message.
 */
export const notificationSend = z.object({
  type: safeString().max(50).optional(),
  sender_name: safeString().max(NOTIFICATION_TEXT_MAX.sender).default(''),
  sender_email: safeString().max(NOTIFICATION_TEXT_MAX.sender).default(''),
  notification_title: safeString().max(NOTIFICATION_TEXT_MAX.title).default(''),
  notification_body: safeString().max(NOTIFICATION_TEXT_MAX.body).default(''),
  send_to: z.union([z.array(z.enum(NOTIFICATION_GROUPS)).max(3), z.enum(TA_SEND_TO)]).optional(),
  committee_ids: z.array(safeId()).max(500).default([]),
  user_ids: z.array(safeId()).max(50_000).default([]),
  unUsedForMonths: safeInt().min(1).max(1200).optional(),
  selectedReportOptions: z.array(safeInt()).max(2).optional(),
});
export type NotificationSend = z.output<typeof notificationSend>;

export const notificationSent = z.object({ message: z.string(), recipients: z.number(), id: z.number() });
export type NotificationSent = z.infer<typeof notificationSent>;

/** A reminder sent again for a past notification (none are sent yet: the log keeps the shape). */
export const notificationReminder = z.object({ sent_on: z.string(), sent_to: z.number() });

export const pastNotification = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  date: z.string(),
  /** How many received it. */
  recipient: z.number(),
  /** Who it went to, in words ('AR, CM: Chemical Testing Committee', 'All TA Users'). */
  notificationSentTo: z.string(),
  sender: z.string(),
  reminders: z.array(notificationReminder),
  /** Still being fanned out: `recipient` is the count when it was sent, the exact one once done. */
  sending: z.boolean(),
});
export type PastNotification = z.infer<typeof pastNotification>;

export const notificationLog = paged(pastNotification).extend({
  /** Whom this admin may send to: the groups (SYSADMIN) and the assessors' options (TA_ADMIN). */
  audiences: z.object({ groups: z.boolean(), assessors: z.boolean() }),
});
export type NotificationLog = z.infer<typeof notificationLog>;

/** The report's options (spec/02 section 9): their ids are the path's comma-separated ids. */
export const REPORT_OPTIONS = [
  { id: 1, label: 'Profile Reviewed', field: 'reviewed_at' },
  { id: 2, label: 'Last Used', field: 'last_used' },
] as const;
export type ReportOptionId = (typeof REPORT_OPTIONS)[number]['id'];

/** '1,2' -> [1, 2]; null when empty or naming an unknown option. */
export function parseReportOptions(raw: string): ReportOptionId[] | null {
  const ids = [...new Set(raw.split(',').map((s) => Number(s.trim())))];
  if (ids.length === 0 || !ids.every((id) => REPORT_OPTIONS.some((o) => o.id === id))) return null;
  return ids as ReportOptionId[];
}

export const unusedAssessor = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  last_used: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type UnusedAssessor = z.infer<typeof unusedAssessor>;

export const unusedAssessorReport = z.object({ data: z.array(unusedAssessor), months: z.number() });
export type UnusedAssessorReport = z.infer<typeof unusedAssessorReport>;

export const reportFileName = (months: number) => `Unused_TAs_${months}_Months.csv`;
