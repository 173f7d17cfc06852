/**
 * The scale data set of issue 3 on PostgreSQL: 5,000 facilities, 20,000 sites, 200,000 jobs,
 * 1,000,000 job documents, 20,000 users (10,000 ARs with two sites each; 10,000 assessors, of
 * whom 2,000 lead), 50,000 invoices. Rows only: documents name storage keys that have no file.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run generate -w bench
 *
 * The database is created when missing, migrated, given the demo accounts, then filled in SQL
 * (generate_series), so it takes a minute or two rather than an hour of round trips.
 */
import { openBenchDatabase, stepper } from './bench-db.js';
import { sql } from 'drizzle-orm';
import { seedIfEmpty } from '../apps/server/src/db/seed/seed.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const database = await openBenchDatabase(url);
const db = database.db;
const t0 = performance.now();
const step = stepper(db);

const [{ n } = { n: 0 }] = (
  await db.execute<{ n: number }>(sql`select count(*)::int as n from users where email like 'bench-%'`)
).rows;
if (n > 0) {
  console.log('The bench data is already there.');
} else {
  await seedIfEmpty(db);
  await step(
    'users',
    `insert into users (email, password_hash, first_name, last_name, activated)
     select 'bench-' || k || '-' || g || '@bench.test', (select password_hash from users where email = 'ar@portal.test'),
            initcap(k), 'User ' || g, true
     from generate_series(1, 10000) g, (values ('ar'), ('ta')) v(k)`,
  );
  await step(
    'user roles',
    `insert into user_roles (user_id, role)
     select id, 'AR' from users where email like 'bench-ar-%'
     union all select id, 'TA' from users where email like 'bench-ta-%'
     union all select id, 'LA' from users where email like 'bench-ta-%' and split_part(split_part(email, '-', 3), '@', 1)::int <= 2000`,
  );
  await step(
    'facilities',
    `insert into facilities (facility_number, name, billing_email, address, suburb, post_code, state, country, contacts)
     select (100000 + g)::text, 'Facility ' || g, 'billing' || g || '@bench.test', g || ' Bench Street', 'Suburb ' || (g % 300), lpad((2000 + g % 800)::text, 4, '0'),
            (array['NSW','VIC','ACT','QLD','WA','SA','NT','TAS'])[1 + g % 8], 'Australia', '[{"name":"Contact","phone":"02 0000 0000"}]'::jsonb
     from generate_series(1, 5000) g`,
  );
  await step(
    'sites',
    `insert into sites (site_number, facility_id, name, status, email, phone, address, suburb, state, country, post_code, client_coordinator)
     select 'B' || lpad(g::text, 6, '0'), f.id, 'Site ' || g, 'Accredited', 'site' || g || '@bench.test', '02 0000 0000', g || ' Site Road',
            f.suburb, f.state, 'Australia', f.post_code, '{"names":"Coordinator","phone":"02 1111 1111","email":"coord@bench.test"}'::jsonb
     from generate_series(1, 20000) g join facilities f on f.facility_number = (100000 + (g - 1) / 4 + 1)::text`,
  );
  await step(
    'ar sites',
    `insert into ar_sites (user_id, site_id)
     select u.id, s.id from generate_series(1, 20000) g
     join users u on u.email = 'bench-ar-' || ((g + 1) / 2) || '@bench.test'
     join sites s on s.site_number = 'B' || lpad(g::text, 6, '0')`,
  );
  await step(
    'jobs',
    `insert into jobs (job_number, site_id, type, status, stage, visit_date, job_details)
     select 'J' || lpad(g::text, 7, '0'), s.id, case when g % 3 = 0 then 'Other' else 'RES' end, 1 + g % 4,
            (array['Initiation','Preparation','Assessment','Submission','Decision'])[1 + g % 5], date '2024-01-01' + (g % 900), 'Job details ' || g
     from generate_series(1, 200000) g join sites s on s.site_number = 'B' || lpad((1 + (g - 1) % 20000)::text, 6, '0')`,
  );
  await step(
    'job assessors',
    `insert into job_assessors (job_id, user_id, is_lead)
     select j.id, u.id, true from generate_series(1, 200000) g
       join jobs j on j.job_number = 'J' || lpad(g::text, 7, '0') join users u on u.email = 'bench-ta-' || (1 + g % 2000) || '@bench.test'
     union all
     select j.id, u.id, false from generate_series(1, 200000) g
       join jobs j on j.job_number = 'J' || lpad(g::text, 7, '0') join users u on u.email = 'bench-ta-' || (2001 + g % 8000) || '@bench.test'`,
  );
  await step(
    'files',
    `insert into files (storage_key, name, size, mime_type, uploaded_by, created_at)
     select 'bench/0000/00/' || g, 'Document ' || g || '.pdf', 1000 + g % 5000, 'application/pdf', null,
            timestamptz '2024-01-01' + (g || ' minutes')::interval
     from generate_series(1, 1000000) g`,
  );
  await step(
    'job documents',
    `insert into job_documents (job_id, file_id, description, uploader_role, side)
     select j.id, f.id, 'Description of document ' || g, case when g % 2 = 0 then 'AR' else 'TA' end,
            case when g % 2 = 0 then 'facility' else 'assessor' end
     from generate_series(1, 1000000) g join files f on f.storage_key = 'bench/0000/00/' || g
       join jobs j on j.job_number = 'J' || lpad((1 + (g - 1) / 5)::text, 7, '0')`,
  );
  await step(
    'invoices',
    `insert into invoices (transaction_number, facility_id, transaction_type, transaction_date, job_number, amount, status)
     select 'B-INV-' || g, f.id, 'Invoice', date '2024-01-01' + (g % 700), 'J' || lpad((1 + g % 200000)::text, 7, '0'),
            (g % 5000) + 0.5, case when g % 3 = 0 then 'paid' else 'outstanding' end
     from generate_series(1, 50000) g join facilities f on f.facility_number = (100000 + 1 + (g - 1) % 5000)::text`,
  );
  // As autovacuum leaves the tables: statistics, and the visibility map that index-only scans need.
  await step('vacuum analyze', 'vacuum (analyze)');
}
const counts = (
  await db.execute<Record<string, number>>(sql`
  select (select count(*)::int from facilities) as facilities, (select count(*)::int from sites) as sites,
         (select count(*)::int from jobs) as jobs, (select count(*)::int from job_documents) as job_documents,
         (select count(*)::int from users) as users, (select count(*)::int from invoices) as invoices`)
).rows[0];
console.log(counts, `in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await database.close();
