import { type ReportOptionId, type UnusedAssessor, type UnusedAssessorReport } from '@portal/shared';
import { authorize } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import * as q from './reports.queries.js';
import { recordAudit } from '../../platform/audit.js';
import { csvText } from '../../platform/csv-export.js';
import './reports.policy.js';

/** GET /admin/ta/unusedtasformonths/{months}/{ids}: the assessors unused for that long, by the options chosen. */
export async function unusedAssessors(
  deps: Deps,
  actor: Actor,
  months: number,
  options: ReportOptionId[],
): Promise<UnusedAssessorReport> {
  authorize(actor, 'admin.report.run');
  const rows = await q.listUnusedAssessors(deps.db, months, options);
  return {
    months,
    data: rows.map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`,
      email: r.email,
      last_used: r.lastUsed?.toISOString() ?? null,
      reviewed_at: r.reviewedAt?.toISOString() ?? null,
    })),
  };
}

// Built once, at the first export: an Intl.DateTimeFormat with a time zone costs far more to make
// than to use: one made per date made the export several times slower than the same rows as JSON.
let sydneyFormat: Intl.DateTimeFormat | undefined;

/** d/m/y in Sydney, as the screens show dates; empty when never. */
const sydneyDate = (iso: string | null) =>
  iso
    ? (sydneyFormat ??= new Intl.DateTimeFormat('en-AU', {
        timeZone: 'Australia/Sydney',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      })).format(new Date(iso))
    : '';

/** The report's rows as the CSV export: every field quoted, formula-like cells neutralised (csv-export.ts). */
export async function reportCsv(
  deps: Deps,
  actor: Actor,
  rows: UnusedAssessor[],
  asked: { months: number; options: ReportOptionId[] },
): Promise<string> {
  // Every export is on the audit trail: who took which members' details out, and when.
  await recordAudit(deps.db, {
    action: 'admin.report.export',
    who: actor.user,
    ip: deps.ip,
    record: { type: 'report', id: 'unused-assessors' },
    after: { months: asked.months, options: asked.options, rows: rows.length },
  });
  return csvText(
    rows.map((r) => [r.name, r.email, sydneyDate(r.last_used), sydneyDate(r.reviewed_at)]),
    { header: true, columns: ['Name', 'Email', 'Last Used', 'Profile Reviewed'], recordDelimiter: '\r\n', bom: true },
  );
}
