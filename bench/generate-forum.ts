/**
 * The forum's scale data (issue 10) on PostgreSQL: 200 committees of 50 members (10,000 users
 * `bench-cm-N@bench.test`, password `portal-demo`; member 1 of each committee is its admin),
 * 100,000 threads (500 per committee) and 1,000,000 replies (10 per thread; thread 1 of committee
 * 1 has 50 more, the page of the detail run). Bodies are sentences drawn from a word list, so the
 * search vectors look like real text. Its own database by default, beside the issue 3 data.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_forum npm run generate:forum -w bench
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client.js';
import { seedIfEmpty } from '../apps/server/src/db/seed/seed.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench_forum';
const name = new URL(url).pathname.slice(1);
const admin = new URL(url);
admin.pathname = '/postgres';
const c = new pg.Client({ connectionString: admin.toString() });
await c.connect();
const exists = await c.query('select 1 from pg_database where datname = $1', [name]);
if (exists.rowCount === 0) await c.query(`create database "${name}"`);
await c.end();

const database = await openPostgres(url);
const db = database.db;
const t0 = performance.now();
const step = async (label: string, query: string) => {
  const s = performance.now();
  await db.execute(sql.raw(query));
  console.log(`${label.padEnd(16)} ${((performance.now() - s) / 1000).toFixed(1)} s`);
};

// 200 words of a testing laboratory's talk; a sentence is 12 of them picked by the row number.
const WORDS =
  'calibration balance uncertainty measurement laboratory method validation proficiency testing chromatography spectrometry sample reference material traceability standard accreditation assessor audit report procedure equipment temperature humidity pipette volumetric titration microbiology culture media incubator sterilisation biosafety cabinet airflow certificate records retention policy committee meeting agenda minutes nomination review comment draft guidance workshop training competence personnel supervision quality manual document control corrective action nonconformity complaint customer contract subcontract sampling plan statistics control chart drift repeatability reproducibility bias recovery spike blank duplicate replicate detection limit quantitation linearity range specificity robustness ruggedness matrix effect interference contamination cleaning decontamination waste disposal safety hazard risk assessment ethics impartiality confidentiality independence management system internal external interlaboratory comparison scheme provider round result zscore outlier investigation root cause trend monitoring environment conditions facility premises storage transport preservation holding time chain custody receipt labelling identification software verification data integrity backup archive electronic signature access security network instrument maintenance service schedule interval check verification intermediate metrology thermometer hygrometer barometer gauge sieve oven furnace autoclave centrifuge microscope ph conductivity turbidity dissolved oxygen nitrate phosphate ammonia metals lead cadmium arsenic mercury pesticide residue organophosphate herbicide fungicide mycotoxin allergen gluten listeria salmonella ecoli coliform yeast mould enumeration presence absence rapid molecular pcr sequencing elisa immunoassay'
    .split(' ')
    .slice(0, 200);
const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
const sentence = (seed: string) =>
  `(select string_agg((${words})[1 + ((${seed}) * 7919 + i * 104729) % ${WORDS.length}], ' ') from generate_series(1, 12) i)`;

const [{ n } = { n: 0 }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from users where email like 'bench-cm-%'`)).rows;
if (n > 0) {
  console.log('The forum bench data is already there.');
} else {
  await seedIfEmpty(db);
  await step(
    'users',
    `insert into users (email, password_hash, first_name, last_name, title, mobile_number, activated)
     select 'bench-cm-' || g || '@bench.test', (select password_hash from users where email = 'cm@portal.test'),
            'Member', 'Number ' || g, case when g % 3 = 0 then null else 'Scientist' end, '+614' || lpad(g::text, 8, '0'), true
     from generate_series(1, 10000) g`,
  );
  await step('user roles', `insert into user_roles (user_id, role) select id, 'CM' from users where email like 'bench-cm-%'`);
  await step(
    'committees',
    `insert into committees (name, admin_id)
     select 'Bench Committee ' || g, (select id from users where email = 'bench-cm-' || ((g - 1) * 50 + 1) || '@bench.test')
     from generate_series(1, 200) g`,
  );
  await step(
    'members',
    `insert into committee_members (committee_id, user_id, can_write)
     select c.id, u.id, (g - 1) % 50 < 10
     from generate_series(1, 10000) g
     join committees c on c.name = 'Bench Committee ' || ((g - 1) / 50 + 1)
     join users u on u.email = 'bench-cm-' || g || '@bench.test'`,
  );
  // Thread t (1..100000) is in committee 1 + (t-1) % 200, by one of its first ten members.
  await step(
    'threads',
    `insert into forum_threads (committee_id, category_id, user_id, title, body, body_text, replies_count, created_at, updated_at, last_activity_at)
     select c.id, 1 + t % 4, u.id, initcap(${sentence('t').replace('12) i', '6) i')}), '<p>' || s || '</p>', s, 10 + case when t = 1 then 50 else 0 end,
            timestamptz '2024-01-01' + (t || ' minutes')::interval, timestamptz '2024-01-01' + (t || ' minutes')::interval, timestamptz '2024-01-01' + ((t + 5) || ' minutes')::interval
     from generate_series(1, 100000) t
     cross join lateral (select ${sentence('t + 1')} as s) body
     join committees c on c.name = 'Bench Committee ' || (1 + (t - 1) % 200)
     join users u on u.email = 'bench-cm-' || ((((t - 1) % 200)) * 50 + 1 + t % 10) || '@bench.test'`,
  );
  await step(
    'replies',
    `insert into forum_replies (thread_id, user_id, body, body_text, created_at, updated_at)
     select th.id, u.id, '<p>' || s || '</p>', s, th.created_at + (r || ' seconds')::interval, th.created_at + (r || ' seconds')::interval
     from (select id, committee_id, created_at, row_number() over (order by id) as t from forum_threads where committee_id in (select id from committees where name like 'Bench Committee %')) th
     cross join lateral generate_series(1, case when th.t = 1 then 60 else 10 end) r
     cross join lateral (select ${sentence('th.t * 16 + r')} as s) body
     join users u on u.email = 'bench-cm-' || ((((th.t - 1) % 200)) * 50 + 1 + (th.t + r) % 50) || '@bench.test'`,
  );
  await step('analyze', 'analyze');
}
const counts = (
  await db.execute<Record<string, number>>(sql`
  select (select count(*)::int from committees) as committees, (select count(*)::int from committee_members) as members,
         (select count(*)::int from forum_threads) as threads, (select count(*)::int from forum_replies) as replies`)
).rows[0];
console.log(counts, `in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await database.close();
