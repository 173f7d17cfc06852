/**
 * Publications' scale data (issue 12) on PostgreSQL, in its own database: the demo data, then 40
 * more subcategories (10 under each root, 50 with the demo's), 10,000 publications spread over
 * the 50 (200 each; file rows only, `bench/publication-N.pdf`: no bytes stored, so a download
 * answers an error, the lists do not read them), 20,000 readers `bench-pub-N@bench.test`
 * (password `portal-demo`; roles AR, TA, CM in turn) with 5 subscriptions each: all of them to
 * 'Bench Notify' (under Newsletters, notify on: the mail run's subcategory), and 4 more spread over
 * the other subcategories, every third with notify on.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_pub npm run generate:publications -w bench
 */
import { openBenchDatabase, stepper } from './bench-db.js';
import { sql } from 'drizzle-orm';
import { seedIfEmpty } from '../apps/server/src/db/seed/seed.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench_pub';
const USERS = Number(process.env.USERS ?? 20000);
const PUBLICATIONS = Number(process.env.PUBLICATIONS ?? 10000);
const database = await openBenchDatabase(url);
const db = database.db;
const t0 = performance.now();
const step = stepper(db);

const [{ n } = { n: 0 }] = (
  await db.execute<{ n: number }>(sql`select count(*)::int as n from users where email like 'bench-pub-%'`)
).rows;
if (n > 0) {
  console.log('The publications bench data is already there.');
} else {
  await seedIfEmpty(db);
  await step(
    'subcategories',
    `insert into publication_categories (name, parent_id, position)
     select 'Bench ' || r.name || ' ' || g, r.id, 10 + g
     from publication_categories r cross join generate_series(1, 10) g
     where r.parent_id is null`,
  );
  await step(
    'notify category',
    `insert into publication_categories (name, parent_id, position)
     select 'Bench Notify', id, 99 from publication_categories where parent_id is null and name = 'Newsletters'`,
  );
  // The subcategories that hold publications: every one but Bench Notify, numbered 0..k-1.
  const subs = `(select id, row_number() over (order by id) - 1 as k, count(*) over () as total from publication_categories where parent_id is not null and name <> 'Bench Notify')`;
  await step(
    'files',
    `insert into files (storage_key, name, size, mime_type, created_at)
     select 'bench/publication-' || g || '.pdf', 'Bench Publication ' || g || '.pdf', 20000 + g % 5000, 'application/pdf', timestamptz '2024-01-01' + (g || ' minutes')::interval
     from generate_series(1, ${PUBLICATIONS}) g`,
  );
  await step(
    'publications',
    `insert into publications (name, category_id, file_id, created_at, updated_at)
     select 'Bench Publication ' || g, s.id, f.id, timestamptz '2024-01-01' + (g || ' minutes')::interval, timestamptz '2024-01-01' + ((g * 7919) % ${PUBLICATIONS} || ' minutes')::interval
     from generate_series(1, ${PUBLICATIONS}) g
     join files f on f.storage_key = 'bench/publication-' || g || '.pdf'
     join ${subs} s on s.k = g % s.total`,
  );
  await step(
    'users',
    `insert into users (email, password_hash, first_name, last_name, title, mobile_number, activated)
     select 'bench-pub-' || g || '@bench.test', (select password_hash from users where email = 'ar@portal.test'),
            'Reader', 'Number ' || g, 'Scientist', '+615' || lpad(g::text, 8, '0'), true
     from generate_series(1, ${USERS}) g`,
  );
  await step(
    'user roles',
    `insert into user_roles (user_id, role)
     select id, (array['AR', 'TA', 'CM'])[1 + (substring(email from 'bench-pub-(\\d+)@')::int % 3)] from users where email like 'bench-pub-%'`,
  );
  await step(
    'subscriptions',
    `insert into subscriptions (user_id, category_id, notify)
     select u.id, (select id from publication_categories where name = 'Bench Notify'), true
     from users u where u.email like 'bench-pub-%'
     union all
     select u.id, s.id, (u.g + j) % 3 = 0
     from (select id, substring(email from 'bench-pub-(\\d+)@')::int as g from users where email like 'bench-pub-%') u
     cross join generate_series(0, 3) j
     join ${subs} s on s.k = (u.g * 4 + j) % s.total`,
  );
  // As autovacuum leaves the tables: statistics, and the visibility map that index-only scans need.
  await step('vacuum analyze', 'vacuum (analyze)');
}
const counts = (
  await db.execute<Record<string, number>>(sql`
  select (select count(*)::int from publication_categories where parent_id is not null) as subcategories, (select count(*)::int from publications) as publications,
         (select count(*)::int from users where email like 'bench-pub-%') as readers, (select count(*)::int from subscriptions) as subscriptions,
         (select count(*)::int from subscriptions where notify) as notify,
         (select count(*)::int from subscriptions s join publication_categories c on c.id = s.category_id where c.name = 'Bench Notify' and s.notify) as bench_notify`)
).rows[0];
console.log(counts, `in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await database.close();
