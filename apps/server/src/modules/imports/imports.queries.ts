import { eq, sql, type SQL } from 'drizzle-orm';
import { ASSESSOR_ROLES, type ImportEntity } from '@portal/shared';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import { importStaging } from '../../db/schema/index.js';
import type { BadRow } from '../../platform/csv.js';

export async function stageRows(db: Db, importId: string, rows: { line: number; row: Record<string, unknown> }[]) {
  if (rows.length === 0) return;
  await db.insert(importStaging).values(rows.map(({ line, row }) => ({ importId, line, row })));
}

export async function countStaged(tx: Tx, importId: string) {
  return tx.$count(importStaging, eq(importStaging.importId, importId));
}

export async function dropStaged(db: Db, importId: string) {
  await db.delete(importStaging).where(eq(importStaging.importId, importId));
}

/** A reference a row makes by the other table's natural key: a site names its facility by facility_number. */
interface Reference {
  /** The column written with the referenced row's id. */
  column: string;
  table: string;
  /** The natural key, both the staged row's field and the referenced table's column. */
  key: string;
  /** For the message: 'facility_number 999999 is not a known facility'. */
  what: string;
}

/** An entity upserted by its natural key, every other column taken from the staged row by its name. */
interface Target {
  table: string;
  key: string;
  columns: string[];
  ref?: Reference;
}

const facilityRef: Reference = { column: 'facility_id', table: 'facilities', key: 'facility_number', what: 'facility' };
const siteRef: Reference = { column: 'site_id', table: 'sites', key: 'site_number', what: 'site' };

const TARGETS: Record<Exclude<ImportEntity, 'assessors' | 'ar-access'>, Target> = {
  facilities: {
    table: 'facilities',
    key: 'facility_number',
    columns: ['name', 'billing_email', 'address', 'suburb', 'post_code', 'state', 'country', 'contacts'],
  },
  sites: {
    table: 'sites',
    key: 'site_number',
    columns: [
      'name',
      'status',
      'email',
      'phone',
      'address',
      'suburb',
      'state',
      'country',
      'post_code',
      'contacts',
      'client_coordinator',
    ],
    ref: facilityRef,
  },
  jobs: {
    table: 'jobs',
    key: 'job_number',
    columns: ['type', 'status', 'stage', 'visit_date', 'job_details'],
    ref: siteRef,
  },
  invoices: {
    table: 'invoices',
    key: 'transaction_number',
    columns: ['transaction_type', 'transaction_date', 'job_number', 'amount', 'status'],
    ref: facilityRef,
  },
};

const raw = (s: string) => sql.raw(s);
/** A quoted literal of this file's constants (names, message words), never of input. */
const lit = (s: string) => sql.raw(`'${s}'`);
/** `from` one import's staged rows as s, `joins` between, the import's condition after. */
const staged = (importId: string, joins: SQL = sql``) =>
  sql`from ${importStaging} s ${joins} where s.import_id = ${importId}`;

/** (xmax = 0) is true for a row the statement inserted, false for one it updated. */
const tally = (write: SQL) => sql`with written as (${write} returning (xmax = 0) as inserted)
  select (count(*) filter (where inserted))::int as inserted, (count(*) filter (where not inserted))::int as updated from written`;

async function counts(tx: Tx, query: SQL) {
  const [c] = await rowsOf<{ inserted: number; updated: number }>(tx, query);
  return c ?? { inserted: 0, updated: 0 };
}

/**
 * People named by email (staged lower case), with their roles, for the assessors and AR access
 * files; one lateral join, so the check and the write resolve a row the same way.
 */
const person = sql`left join lateral (
    select u.id, array(select ur.role from user_roles ur where ur.user_id = u.id) as roles
    from users u where lower(u.email) = s.row->>'email'
  ) p on true`;

/** The technical assessors' roles (shared permissions.ts), as an SQL text array. */
const assessorRoles = sql`array[${sql.join(
  ASSESSOR_ROLES.map((r) => sql`${r}`),
  sql`, `,
)}]::text[]`;

/**
 * The staged rows whose references are not in the database (an anti-join), with their lines and
 * reasons, asked before anything is written. Assessors: the job, the person, their roles, one lead a job.
 */
export async function badReferences(tx: Tx, entity: ImportEntity, importId: string): Promise<BadRow[]> {
  if (entity === 'assessors') {
    return rowsOf<BadRow>(
      tx,
      sql`with checked as (
        select s.line, s.row->>'job_number' as job_number, (s.row->>'lead')::boolean as lead,
          case
            when j.id is null then 'job_number ' || (s.row->>'job_number') || ' is not a known job'
            when p.id is null then 'email ' || (s.row->>'email') || ' is not a user of the portal'
            when not (p.roles && ${assessorRoles}) then (s.row->>'email') || ' is not a technical assessor'
            when (s.row->>'lead')::boolean and not ('LA' = any(p.roles)) then (s.row->>'email') || ' is not a lead assessor'
          end as reason
        ${staged(importId, sql`left join jobs j on j.job_number = s.row->>'job_number' ${person}`)}
      ), leads as (
        select *, min(line) filter (where lead and reason is null) over (partition by job_number) as first_lead from checked
      )
      select line, coalesce(reason, 'job ' || job_number || ' already has its lead assessor on line ' || first_lead) as reason
      from leads where reason is not null or (lead and line > first_lead) order by line`,
    );
  }
  if (entity === 'ar-access') {
    return rowsOf<BadRow>(
      tx,
      sql`select line, reason from (
        select s.line, case
            when t.id is null then 'site_number ' || (s.row->>'site_number') || ' is not a known site'
            when p.id is null then 'email ' || (s.row->>'email') || ' is not a user of the portal'
            when not ('AR' = any(p.roles)) then (s.row->>'email') || ' is not an authorised representative'
          end as reason
        ${staged(importId, sql`left join sites t on t.site_number = s.row->>'site_number' ${person}`)}
      ) c where reason is not null order by line`,
    );
  }
  const ref = TARGETS[entity].ref;
  if (!ref) return [];
  return rowsOf<BadRow>(
    tx,
    sql`select s.line, ${lit(`${ref.key} `)} || (s.row->>${lit(ref.key)}) || ${lit(` is not a known ${ref.what}`)} as reason
      ${staged(importId)}
      and not exists (select 1 from ${raw(ref.table)} r where r.${raw(ref.key)} = s.row->>${lit(ref.key)})
      order by s.line`,
  );
}

/**
 * Writes one import's staged rows to the real tables, set-based, in the caller's transaction:
 * references resolved by join (badReferences found none missing), upserted by the natural key.
 */
export async function applyStaged(tx: Tx, entity: ImportEntity, importId: string) {
  if (entity === 'assessors') {
    // A lead named in the file replaces the job's previous lead.
    await tx.execute(sql`update job_assessors set is_lead = false where job_id in (
      select j.id ${staged(importId, sql`join jobs j on j.job_number = s.row->>'job_number'`)} and (s.row->>'lead')::boolean)`);
    return counts(
      tx,
      tally(sql`insert into job_assessors (job_id, user_id, is_lead)
        select j.id, p.id, (s.row->>'lead')::boolean
        ${staged(importId, sql`join jobs j on j.job_number = s.row->>'job_number' ${person}`)}
        on conflict (job_id, user_id) do update set is_lead = excluded.is_lead`),
    );
  }
  if (entity === 'ar-access') {
    // A pair already there changes nothing: it counts as updated.
    return counts(
      tx,
      sql`with written as (
          insert into ar_sites (user_id, site_id)
          select p.id, t.id ${staged(importId, sql`join sites t on t.site_number = s.row->>'site_number' ${person}`)}
          on conflict do nothing returning 1
        ), total as (select count(*) as n ${staged(importId)})
        select (select count(*) from written)::int as inserted, ((select n from total) - (select count(*) from written))::int as updated`,
    );
  }
  const { table, key, columns, ref } = TARGETS[entity];
  const written = [key, ...columns, ...(ref ? [ref.column] : [])];
  const values = [...[key, ...columns].map((c) => `r.${c}`), ...(ref ? ['ref.id'] : [])];
  const refJoin = ref ? sql`join ${raw(ref.table)} ref on ref.${raw(ref.key)} = s.row->>${lit(ref.key)}` : sql``;
  return counts(
    tx,
    tally(sql`insert into ${raw(table)} (${raw(written.join(', '))})
      select ${raw(values.join(', '))}
      ${staged(importId, sql`cross join lateral jsonb_populate_record(null::${raw(table)}, s.row) r ${refJoin}`)}
      on conflict (${raw(key)}) do update set ${raw([...written.slice(1).map((c) => `${c} = excluded.${c}`), 'updated_at = now()'].join(', '))}`),
  );
}
