import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  INVOICE_STATUSES,
  JOB_STAGES,
  JOB_STATUS_LABELS,
  JOB_STATUS_NAMES,
  padFacilityNumber,
  safeString,
  RECORD_MESSAGES,
  STATES,
  type ImportEntity,
  type ImportResult,
} from '@portal/shared';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { authorize } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { recordAudit, type AuditWho } from '../../platform/audit.js';
import { badRequest } from '../../platform/errors.js';
import { csvRecords, CsvParseError, type BadRow, type CsvRow } from '../../platform/csv.js';
import './imports.policy.js';
import * as q from './imports.queries.js';
import { extend } from '../../platform/objects.js';

/**
 * The back-office import (DECISIONS "Data that comes from the body's back office"): one CSV file
 * of one entity, staged in batches, then upserted by its natural key in one short transaction.
 * Every bad row is reported with its line and reason, and then nothing is written.
 */

const text = (max = 255) => safeString().trim().max(max);
const optional = (max = 255) =>
  text(max)
    .optional()
    .transform((v) => (v ? v : null));
const required = (max = 255) => text(max).min(1, 'is required');
const email = safeString()
  .trim()
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(z.email('is not an email address').nullable());
const state = safeString()
  .trim()
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(z.enum(STATES, `must be one of ${STATES.join(', ')}`).nullable());
const facilityNumber = safeString()
  .trim()
  .transform((v, ctx) => {
    const padded = padFacilityNumber(v);
    if (!padded) ctx.addIssue({ code: 'custom', message: 'must be 1 to 6 digits' });
    return padded ?? '';
  });

/** "Name|phone; Name|phone" */
const contacts = safeString()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return [];
    const list = v
      .split(';')
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => {
        const [name = '', phone = ''] = c.split('|').map((s) => s.trim());
        return { name, phone };
      });
    if (list.some((c) => !c.name))
      ctx.addIssue({ code: 'custom', message: 'must be "Name|phone" entries separated by ";"' });
    return list;
  });

/** YYYY-MM-DD, or the screens' d/m/y (D/M/YYYY). */
const date = safeString()
  .trim()
  .transform((v, ctx) => {
    const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
    const iso = dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}` : v;
    const d = new Date(`${iso}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) {
      ctx.addIssue({ code: 'custom', message: 'must be a date as YYYY-MM-DD or D/M/YYYY' });
    }
    return iso;
  });

const STATUS_BY_WORD = new Map<string, number>();
for (const [n, name] of Object.entries(JOB_STATUS_NAMES)) STATUS_BY_WORD.set(name.toLowerCase(), Number(n));
for (const [n, label] of Object.entries(JOB_STATUS_LABELS)) STATUS_BY_WORD.set(label.toLowerCase(), Number(n));

const jobStatus = safeString()
  .trim()
  .transform((v, ctx) => {
    const n = /^[1-4]$/.test(v) ? Number(v) : STATUS_BY_WORD.get(v.toLowerCase());
    if (!n) ctx.addIssue({ code: 'custom', message: 'must be 1 to 4 (Planned, In Progress, Completed, Cancelled)' });
    return n ?? 1;
  });

const yesNo = safeString()
  .trim()
  .optional()
  .transform((v, ctx) => {
    const s = (v ?? '').toLowerCase();
    if (['', '0', 'no', 'false', 'n'].includes(s)) return false;
    if (['1', 'yes', 'true', 'y'].includes(s)) return true;
    ctx.addIssue({ code: 'custom', message: 'must be yes or no' });
    return false;
  });

const schemas = {
  facilities: z.object({
    facility_number: facilityNumber,
    name: required(),
    billing_email: email,
    address: optional(),
    suburb: optional(100),
    post_code: optional(20),
    state,
    country: optional(100),
    contacts,
  }),
  sites: z.object({
    site_number: required(50),
    facility_number: facilityNumber,
    name: required(),
    status: optional(50),
    email,
    phone: optional(50),
    address: optional(),
    suburb: optional(100),
    state,
    country: optional(100),
    post_code: optional(20),
    contacts,
    coordinator_name: optional(),
    coordinator_phone: optional(50),
    coordinator_email: email,
  }),
  jobs: z.object({
    job_number: required(50),
    site_number: required(50),
    type: required(50),
    status: jobStatus,
    stage: safeString()
      .trim()
      .optional()
      .transform((v) => v || 'Initiation')
      .pipe(z.enum(JOB_STAGES, `must be one of ${JOB_STAGES.join(', ')}`)),
    visit_date: safeString()
      .trim()
      .optional()
      .transform((v) => v || null)
      .pipe(date.nullable()),
    job_details: optional(5000),
  }),
  invoices: z.object({
    transaction_number: required(50),
    facility_number: facilityNumber,
    transaction_type: required(50),
    transaction_date: date,
    job_number: optional(50),
    amount: safeString()
      .trim()
      .regex(/^-?\d{1,10}(\.\d{1,2})?$/, 'must be an amount such as 1250.00 or -150'),
    status: safeString()
      .trim()
      .optional()
      .transform((v) => v?.toLowerCase() || 'outstanding')
      .pipe(z.enum(INVOICE_STATUSES, 'must be outstanding or paid')),
  }),
  assessors: z.object({
    job_number: required(50),
    email: safeString().trim().toLowerCase().pipe(z.email('is not an email address')),
    lead: yesNo,
  }),
  'ar-access': z.object({
    email: safeString().trim().toLowerCase().pipe(z.email('is not an email address')),
    site_number: required(50),
  }),
} satisfies Record<ImportEntity, z.ZodObject>;

/** The natural key of each entity: a second row with the same key in one file is a bad row. */
const KEYS: Record<ImportEntity, string[]> = {
  facilities: ['facility_number'],
  sites: ['site_number'],
  jobs: ['job_number'],
  invoices: ['transaction_number'],
  assessors: ['job_number', 'email'],
  'ar-access': ['email', 'site_number'],
};

/** Columns of each entity, in order (the README lists them): required ones first. */
export const IMPORT_COLUMNS: Record<ImportEntity, { required: string[]; optional: string[] }> = {
  facilities: {
    required: ['facility_number', 'name'],
    optional: ['billing_email', 'address', 'suburb', 'post_code', 'state', 'country', 'contacts'],
  },
  sites: {
    required: ['site_number', 'facility_number', 'name'],
    optional: [
      'status',
      'email',
      'phone',
      'address',
      'suburb',
      'state',
      'country',
      'post_code',
      'contacts',
      'coordinator_name',
      'coordinator_phone',
      'coordinator_email',
    ],
  },
  jobs: { required: ['job_number', 'site_number', 'type', 'status'], optional: ['stage', 'visit_date', 'job_details'] },
  invoices: {
    required: ['transaction_number', 'facility_number', 'transaction_type', 'transaction_date', 'amount'],
    optional: ['job_number', 'status'],
  },
  assessors: { required: ['job_number', 'email'], optional: ['lead'] },
  'ar-access': { required: ['email', 'site_number'], optional: [] },
};

type Parsed<E extends ImportEntity> = z.output<(typeof schemas)[E]>;

/**
 * Checks one batch: good rows come back with their lines, bad ones are added to bad. `seen` maps
 * each natural key to the line it was first on (a few bytes a row; the rows themselves are staged).
 */
function validate(entity: ImportEntity, rows: CsvRow[], bad: BadRow[], seen: Map<string, number>) {
  const schema = schemas[entity];
  const good: { line: number; row: Record<string, unknown> }[] = [];
  for (const { line, values } of rows) {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const reasons = parsed.error.issues.map((i) => `${i.path.join('.') || 'row'} ${i.message}`);
      bad.push({ line, reason: reasons.join('; ') });
      continue;
    }
    const data = parsed.data as Record<string, unknown>;
    const key = KEYS[entity].map((k) => String(data[k])).join(' / ');
    const first = seen.get(key);
    if (first !== undefined) {
      bad.push({ line, reason: `${KEYS[entity].join(' / ')} ${key} is also on line ${first}` });
      continue;
    }
    seen.set(key, line);
    good.push({ line, row: stagedRow(entity, data) });
  }
  return good;
}

/**
 * A checked row as it waits in staging: the values by their column names in the target table
 * (imports.queries.ts reads them with jsonb_populate_record), references by their natural keys.
 * Only a site's three coordinator cells become one column.
 */
function stagedRow(entity: ImportEntity, row: Record<string, unknown>) {
  if (entity !== 'sites') return row;
  const r = row as Parsed<'sites'>;
  const coordinator = r.coordinator_name || r.coordinator_phone || r.coordinator_email;
  return extend(r, {
    client_coordinator: coordinator
      ? { names: r.coordinator_name, phone: r.coordinator_phone, email: r.coordinator_email }
      : null,
  });
}

class BadRowsError extends Error {}

/** Rows checked and staged at a time: memory stays bounded whatever the file's size. */
const BATCH = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function checkColumns(entity: ImportEntity, header: string[]) {
  const { required: need, optional: may } = IMPORT_COLUMNS[entity];
  const missingColumns = need.filter((c) => !header.includes(c));
  const unknown = header.filter((c) => !need.includes(c) && !may.includes(c));
  if (missingColumns.length || unknown.length) {
    const reasons = [
      ...missingColumns.map((c) => `missing column ${c}`),
      ...unknown.map((c) => `unknown column ${c} (columns: ${[...need, ...may].join(', ')})`),
    ];
    throw badRequest(RECORD_MESSAGES.importBadRows(1), { 'line 1': reasons });
  }
}

function badRowsError(bad: BadRow[]) {
  bad.sort((a, b) => a.line - b.line);
  const errors: Record<string, string[]> = {};
  for (const b of bad) (errors[`line ${b.line}`] ??= []).push(b.reason);
  return badRequest(RECORD_MESSAGES.importBadRows(Object.keys(errors).length), errors);
}

/** POST /admin/import/{entity}: the SYSADMIN's import of a CSV file (importRecords). */
export async function importCsv(
  deps: Deps,
  actor: Actor,
  entity: ImportEntity,
  input: Readable | string,
): Promise<ImportResult> {
  authorize(actor, 'admin.import.run');
  return importRecords(deps.db, entity, input, { who: actor.user, ip: deps.ip });
}

/**
 * Imports a whole file or nothing (`npm run import` calls it directly: whoever runs it on the
 * server's machine already holds its database); throws 400 with every bad row as { 'line N': [reason] }.
 * The file streams through in batches of BATCH rows: each batch is checked and its good rows staged
 * under this import's id in one statement of its own, with a turn of the event loop after it, so
 * the database is never held while the file is read (PGlite has one connection: one transaction
 * around the whole file kept every other request waiting for it). Then one short transaction finds
 * the bad references of the staged rows and, when no row is bad, applies them set-based.
 */
export async function importRecords(
  db: Db,
  entity: ImportEntity,
  input: Readable | string,
  by: { who: AuditWho | null; ip: string | null } = { who: null, ip: null },
): Promise<ImportResult> {
  const source = typeof input === 'string' ? Readable.from([input]) : input;
  const importId = randomUUID();
  const bad: BadRow[] = [];
  const seen = new Map<string, number>();
  let rows = 0;
  try {
    let header: string[] | null = null;
    let batch: CsvRow[] = [];
    const flush = async () => {
      const good = validate(entity, batch, bad, seen);
      batch = [];
      // Staged even after a bad row: their references are checked too, so every bad row is reported.
      await q.stageRows(db, importId, good);
      rows += good.length;
      await nextTurn();
    };
    for await (const { line, record } of csvRecords(source)) {
      if (!header) {
        header = record.map((h) => h.trim().toLowerCase());
        checkColumns(entity, header);
        continue;
      }
      if (record.length !== header.length) {
        bad.push({ line, reason: `Expected ${header.length} fields, found ${record.length}.` });
        continue;
      }
      const h = header;
      batch.push({ line, values: Object.fromEntries(h.map((name, i) => [name, record[i] ?? ''])) });
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    if (rows + bad.length === 0) throw badRequest(RECORD_MESSAGES.importEmpty);
    const counts = await db.transaction(async (tx) => {
      bad.push(...(await q.badReferences(tx, entity, importId)));
      if (bad.length > 0) throw new BadRowsError();
      // Housekeeping removes staging an import left an hour ago; a file must never be applied in part.
      if ((await q.countStaged(tx, importId)) !== rows) throw new Error(`import ${importId}: staged rows went missing`);
      const applied = await q.applyStaged(tx, entity, importId);
      // Recorded with the change; `who` and `ip` are null when run from the server's command line.
      await recordAudit(tx, {
        action: 'admin.import.run',
        who: by.who,
        ip: by.ip,
        record: { type: 'import', id: entity },
        after: { entity, rows, ...applied },
      });
      return applied;
    });
    return { message: RECORD_MESSAGES.imported(rows), entity, rows, ...counts };
  } catch (e) {
    if (e instanceof CsvParseError) throw badRowsError([...bad, e.row]);
    if (e instanceof BadRowsError) throw badRowsError(bad);
    throw e;
  } finally {
    // Success or failure, the import's staging goes; if this fails too, housekeeping removes it.
    await q.dropStaged(db, importId).catch(() => undefined);
  }
}
