/**
 * The inboxes' scale data (notifications and the admins' pending requests) on PostgreSQL, in its
 * own database: the demo data, then 20,000 users `bench-inbox-N@bench.test` (password
 * `portal-demo`; roles AR, TA, CM in turn) with 30 notifications each (600,000 rows over a year:
 * every third without a role, the others for the user's role, two in three read), and 5,000 pending
 * requests (registrations and profile changes, each fourth an assessor's for the TA admin, with a
 * stored form of about 1 kB as a registration's), beside the demo's.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_inbox npm run generate:inbox -w bench
 */
import { sql } from 'drizzle-orm';
import { openBenchDatabase, stepper } from './bench-db.js';
import { seedIfEmpty } from '../apps/server/src/db/seed/seed.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench_inbox';
const USERS = Number(process.env.USERS ?? 20000);
const PER_USER = Number(process.env.PER_USER ?? 30);
const REQUESTS = Number(process.env.REQUESTS ?? 5000);
const database = await openBenchDatabase(url);
const db = database.db;
const t0 = performance.now();
const step = stepper(db);

const [{ n } = { n: 0 }] = (
  await db.execute<{ n: number }>(sql`select count(*)::int as n from users where email like 'bench-inbox-%'`)
).rows;
if (n > 0) {
  console.log('The inbox bench data is already there.');
} else {
  await seedIfEmpty(db);
  await step(
    'users',
    `insert into users (email, password_hash, first_name, last_name, title, mobile_number, activated)
     select 'bench-inbox-' || g || '@bench.test', (select password_hash from users where email = 'ar@portal.test'),
            'Inbox', 'Number ' || g, 'Scientist', '+615' || lpad(g::text, 8, '0'), true
     from generate_series(1, ${USERS}) g`,
  );
  const numbered = `(select id, substring(email from 'bench-inbox-(\\d+)@')::int as g from users where email like 'bench-inbox-%')`;
  await step(
    'user roles',
    `insert into user_roles (user_id, role)
     select id, (array['AR', 'TA', 'CM'])[1 + g % 3] from ${numbered} u`,
  );
  await step(
    'notifications',
    `insert into notifications (user_id, type, title, body, url, role, sender, created_at, read_at)
     select u.id, 'Publication', 'New publication ' || j, 'Bench Publication ' || j || ' was added to Bench Category ' || (j % 50) || '.',
            '/publications?id=' || j, case when j % 3 = 0 then null else (array['AR', 'TA', 'CM'])[1 + u.g % 3] end,
            'Portal', timestamptz '2026-01-01' + ((u.g * 31 + j * 7919) % 525600 || ' minutes')::interval,
            case when j % 3 < 2 then timestamptz '2026-06-01' else null end
     from ${numbered} u cross join generate_series(1, ${PER_USER}) j`,
  );
  await step(
    'requests',
    `insert into user_requests (type, status, handler, email, name, roles, user_id, data, created_at)
     select case when g % 2 = 0 then 'create' else 'update' end, 'pending',
            case when g % 4 = 0 then 'TA_ADMIN' else 'SYSADMIN' end,
            'bench-request-' || g || '@bench.test', 'Applicant ' || g || ' Request',
            case when g % 4 = 0 then '["TA"]'::jsonb else '["AR", "CM"]'::jsonb end,
            case when g % 2 = 0 then null else (select id from users where email = 'bench-inbox-' || g || '@bench.test') end,
            jsonb_build_object('email', 'bench-request-' || g || '@bench.test', 'first_name', 'Applicant', 'last_name', g || ' Request',
              'title', 'Laboratory Manager', 'mobile_number', '0413' || lpad(g::text, 6, '0'), 'address', g || ' Bench Street',
              'suburb', 'Pyrmont', 'state', 'NSW', 'country', 'Australia', 'postcode', '2009',
              'signature', jsonb_build_object('accept', true, 'name', 'Applicant ' || g, 'title', 'Laboratory Manager', 'date', '20/11/2026'),
              'notes', repeat('A registration''s stored form. ', 20),
              'summary', case when g % 2 = 0 then 'New registration' else 'Position Title, Suburb' end),
            timestamptz '2026-01-01' + (g || ' hours')::interval
     from generate_series(1, ${REQUESTS}) g`,
  );
  // As autovacuum leaves the tables: statistics, and the visibility map that index-only scans need.
  await step('vacuum analyze', 'vacuum (analyze)');
}
const counts = (
  await db.execute<Record<string, number>>(sql`
  select (select count(*)::int from users where email like 'bench-inbox-%') as users, (select count(*)::int from notifications) as notifications,
         (select count(*)::int from user_requests where status = 'pending') as pending,
         (select count(*)::int from user_requests where status = 'pending' and handler = 'TA_ADMIN') as pending_ta_admin`)
).rows[0];
console.log(counts, `in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await database.close();
