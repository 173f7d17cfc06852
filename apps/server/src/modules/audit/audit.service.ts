import { Readable } from 'node:stream';
import { type AuditFilters, type AuditList, type AuditQuery } from '@portal/shared';
import { authorize } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import { recordAudit } from '../../platform/audit.js';
import { csvText } from '../../platform/csv-export.js';
import type { Deps } from '../../platform/deps.js';
import './audit.policy.js';
import * as q from './audit.queries.js';

/** GET /audit: a page of the filtered trail, newest first, paged in SQL. */
export async function listAudit(deps: Deps, actor: Actor, query: AuditQuery): Promise<AuditList> {
  authorize(actor, 'admin.audit.read');
  const { rows, total } = await q.listAudit(deps.db, query, query.page, query.per_page);
  // The statement's rows are the answer's, the action's label beside its name (audit.queries.ts).
  return { data: rows, total, page: query.page, per_page: query.per_page };
}

/** Rows read per statement of the export: memory stays flat whatever the trail's size. */
const EXPORT_PAGE = 1000;

export const AUDIT_CSV_COLUMNS = [
  'when',
  'user_id',
  'user_name',
  'user_email',
  'action',
  'record_type',
  'record_id',
  'address',
  'before',
  'after',
] as const;

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

function csvRecord(row: q.AuditRow): string[] {
  return [
    row.at,
    row.actor_id === null ? '' : String(row.actor_id),
    row.actor_name ?? '',
    row.actor_email ?? '',
    row.action_label,
    row.record_type ?? '',
    row.record_id ?? '',
    row.ip ?? '',
    json(row.before),
    json(row.after),
  ];
}

/**
 * GET /audit.csv: the filtered trail as CSV, streamed. Records are read a page at a time after the
 * last one written (keyset on time and id), and the next page is read only when the client has
 * taken the last, so neither the server nor the database holds the whole export. Each page goes out
 * as one chunk of text: a chunk a record (a month of the scale data is 30,000) made as many writes to
 * the socket and, compressed (platform/compression.ts), as many trips to zlib's thread, which took
 * the export of a month from 1.2 s to 2.6 s on localhost. The first page is read before the answer
 * starts, so a failing statement answers the API's JSON error with honest headers, never a half
 * file.
 */
export async function auditCsv(deps: Deps, actor: Actor, filters: AuditFilters): Promise<Readable> {
  authorize(actor, 'admin.audit.read');
  const firstPage = await q.auditPageAfter(deps.db, filters, null, EXPORT_PAGE);
  // Every export is on the trail itself, with the filters it was asked with.
  await recordAudit(deps.db, { action: 'admin.audit.export', who: actor.user, ip: deps.ip, after: { filters } });
  async function* pages() {
    let page = firstPage;
    for (let first = true; ; first = false) {
      const text = await csvText(page.map(csvRecord), { header: first, columns: AUDIT_CSV_COLUMNS });
      // A last page without rows (an export of a whole number of pages) adds nothing; the first
      // always holds the header, alone when nothing matches.
      if (text) yield text;
      if (page.length < EXPORT_PAGE) return;
      const last = page[page.length - 1]!;
      page = await q.auditPageAfter(deps.db, filters, { at: last.cursorAt, id: last.id }, EXPORT_PAGE);
    }
  }
  return Readable.from(pages(), { objectMode: false });
}
