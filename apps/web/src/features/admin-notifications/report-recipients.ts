/**
 * What the unused-assessor report hands to Send Notification (Notify): the users of its rows and
 * how it was run, carried in the navigation's state (the pages meet only through the router).
 */
export interface ReportRecipients {
  userIds: number[];
  months: number;
  options: number[];
}

export function reportRecipientsOf(state: unknown): ReportRecipients | null {
  const s = state as { reportRecipients?: ReportRecipients } | null;
  const r = s?.reportRecipients;
  return r && Array.isArray(r.userIds) ? r : null;
}
