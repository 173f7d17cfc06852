import { clearDraft, readDraft, writeDraft } from './session-draft';

/**
 * What the unused-assessor report hands to Send Notification (Notify): the users of its rows and
 * how it was run. The address says that the form is for the report's users (`?to=report`), the
 * tab's sessionStorage holds them (a report of thousands of ids does not fit an address), so a
 * reload of Send Notification keeps them; opening the page without `?to=report` ignores them.
 */
export interface ReportRecipients {
  userIds: number[];
  months: number;
  options: number[];
}

const KEY = 'portal.report-recipients';
export const REPORT_RECIPIENTS_PARAM = 'to';
const REPORT_VALUE = 'report';

/** Keeps the report's users for Send Notification; the answer is the query that page reads them by. */
export function keepReportRecipients(r: ReportRecipients): string {
  writeDraft(KEY, r);
  return `?${REPORT_RECIPIENTS_PARAM}=${REPORT_VALUE}`;
}

/** The report's users when the address asks for them and the tab still holds them. */
export function reportRecipientsIn(search: URLSearchParams): ReportRecipients | null {
  if (search.get(REPORT_RECIPIENTS_PARAM) !== REPORT_VALUE) return null;
  const r = readDraft<ReportRecipients>(KEY);
  return r && Array.isArray(r.userIds) && r.userIds.every(Number.isInteger) ? r : null;
}

/** Forgets them once sent or cancelled. */
export function dropReportRecipients(): void {
  clearDraft(KEY);
}
