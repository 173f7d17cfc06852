/**
 * The forum's scale data (issue 10) on PostgreSQL: 200 committees of 50 members (10,000 users
 * `bench-cm-N@bench.test`, password `portal-demo`; member 1 of each committee is its admin),
 * 100,000 threads (500 per committee) and 1,000,000 replies (10 per thread; thread 1 of committee
 * 1 has 50 more, the page of the detail run). Bodies are sentences drawn from a word list, so the
 * search vectors look like real text (the replies' vectors reach their threads' replies_search
 * through the triggers of migration 0013, in the same insert). Its own database by default, beside
 * the issue 3 data.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_forum npm run generate:forum -w bench
 */
import { openBenchDatabase, stepper } from './bench-db.js';
import { sql } from 'drizzle-orm';
import { addCommittees, hasCommittees, sentence } from './bench-committees.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench_forum';
const database = await openBenchDatabase(url);
const db = database.db;
const t0 = performance.now();
const step = stepper(db);

if (await hasCommittees(db)) {
  console.log('The forum bench data is already there.');
} else {
  await addCommittees(db, step);
  // Thread t (1..100000) is in committee 1 + (t-1) % 200, by one of its first ten members.
  await step(
    'threads',
    `insert into forum_threads (committee_id, category_id, user_id, title, body, body_text, replies_count, created_at, updated_at, last_activity_at)
     select c.id, 1 + t % 4, u.id, initcap(${sentence('t', 6)}), '<p>' || s || '</p>', s, 10 + case when t = 1 then 50 else 0 end,
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
  // As autovacuum leaves the tables: statistics, and the visibility map that index-only scans need.
  await step('vacuum analyze', 'vacuum (analyze)');
}
const counts = (
  await db.execute<Record<string, number>>(sql`
  select (select count(*)::int from committees) as committees, (select count(*)::int from committee_members) as members,
         (select count(*)::int from forum_threads) as threads, (select count(*)::int from forum_replies) as replies`)
).rows[0];
console.log(counts, `in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await database.close();
