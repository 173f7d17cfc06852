/**
 * The meetings' scale data (issue 11) on PostgreSQL: the 200 committees of 50 members of
 * bench-committees.ts, 20,000 meeting folders (10 root folders a committee, each with 9 sub
 * folders; the tenth root of each committee is restricted to its members 1-5), 500,000 meeting
 * documents (files rows only, no stored bytes; 25 a sub folder, 2,500 a committee), each indexed
 * with about 2 kB of extracted text drawn from the laboratory vocabulary (one of 1,000 texts; name
 * at weight A, text at weight B, as the indexer writes them), and 100,000 events (500 a committee over 2025-2026).
 * Its own database by default.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_meetings npm run generate:meetings -w bench
 *   DOCUMENTS=500000 EVENTS=500 (defaults: documents in all, events a committee; fewer for a trial)
 */
import { openBenchDatabase, stepper } from './bench-db.js';
import { sql } from 'drizzle-orm';
import { addCommittees, hasCommittees, sentence } from './bench-committees.js';

const DOCUMENTS = Number(process.env.DOCUMENTS ?? 500_000);
const EVENTS = Number(process.env.EVENTS ?? 500);
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench_meetings';
const database = await openBenchDatabase(url);
const db = database.db;
const t0 = performance.now();
const step = stepper(db);

if (await hasCommittees(db)) {
  console.log('The meetings bench data is already there.');
} else {
  await addCommittees(db, step);
  const bench = `select id, row_number() over (order by id) as k from committees where name like 'Bench Committee %'`;
  // Root r (1..10) of committee k, then sub folder s (1..9) of each root.
  await step(
    'root folders',
    `insert into meeting_folders (committee_id, name, subtitle, created_by)
     select c.id, 'Meetings ' || (2016 + r), null, c_admin.admin_id
     from (${bench}) c join committees c_admin on c_admin.id = c.id cross join generate_series(1, 10) r`,
  );
  await step(
    'sub folders',
    `insert into meeting_folders (committee_id, parent_id, name, created_by)
     select f.committee_id, f.id, trim(to_char(make_date(2020, s, 1), 'Month')), f.created_by
     from meeting_folders f cross join generate_series(1, 9) s where f.parent_id is null`,
  );
  await step(
    'restricted roots',
    `insert into meeting_folder_members (folder_id, user_id)
     select f.id, m.user_id from meeting_folders f
     join committee_members m on m.committee_id = f.committee_id
     join users u on u.id = m.user_id
     where f.parent_id is null and f.name = 'Meetings 2026'
       and (substring(u.email from 'bench-cm-(\\d+)@')::int - 1) % 50 < 5`,
  );
  // Document d (1..500000) is in sub folder 1 + (d-1) % 18000, by number.
  await step(
    'files',
    `insert into files (storage_key, name, size, mime_type, uploaded_by, created_at)
     select 'bench/meeting-' || d, initcap(${sentence('d', 3)}) || ' ' || d || '.pdf', 20000 + d % 50000, 'application/pdf', null,
            timestamptz '2024-01-01' + (d || ' minutes')::interval
     from generate_series(1, ${DOCUMENTS}) d`,
  );
  // 1,000 texts of 240 words, each with its vector made once; document d takes text d % 1000 (the
  // search finds the same share of a committee's documents as with a text each, at a fraction of
  // the time: to_tsvector over 1 GB took most of an hour here).
  await step(
    'texts',
    `create table bench_texts as select k, body.s, to_tsvector('english', body.s) as v
     from generate_series(0, 999) k cross join lateral (select ${sentence('k', 240)} as s) body`,
  );
  await step(
    'documents',
    `insert into meeting_documents (folder_id, committee_id, file_id, updated_at, content, search, index_state, indexed_at)
     select sub.id, sub.committee_id, f.id, f.created_at, t.s,
            setweight(to_tsvector('english', regexp_replace(f.name, '[._\\-+()\\[\\]]+', ' ', 'g')), 'A') || setweight(t.v, 'B'),
            'indexed', f.created_at
     from (select id, name, created_at, substring(storage_key from 15)::int as d from files where storage_key like 'bench/meeting-%') f
     join (select id, committee_id, row_number() over (order by id) as n from meeting_folders where parent_id is not null) sub on sub.n = 1 + (f.d - 1) % 18000
     join bench_texts t on t.k = f.d % 1000`,
  );
  await step('drop texts', 'drop table bench_texts');
  // 500 events a committee over two years, a third of them all day.
  await step(
    'events',
    `insert into events (committee_id, title, starts_at, ends_at, all_day, created_by)
     select c.id, initcap(${sentence('c.k * 1000 + e', 4)}),
            timestamptz '2025-01-01 09:00 Australia/Sydney' + ((e * 730 / ${EVENTS})::int || ' days')::interval + ((e % 8) || ' hours')::interval,
            timestamptz '2025-01-01 09:00 Australia/Sydney' + ((e * 730 / ${EVENTS})::int || ' days')::interval + ((e % 8 + 2) || ' hours')::interval,
            e % 3 = 0, c_admin.admin_id
     from (${bench}) c join committees c_admin on c_admin.id = c.id cross join generate_series(1, ${EVENTS}) e`,
  );
  // As autovacuum leaves the tables: statistics, and the visibility map that index-only scans need.
  await step('vacuum analyze', 'vacuum (analyze)');
}
const counts = (
  await db.execute<Record<string, number>>(sql`
  select (select count(*)::int from committees) as committees, (select count(*)::int from meeting_folders) as folders,
         (select count(*)::int from meeting_documents) as documents, (select count(*)::int from events) as events,
         (select avg(length(content))::int from meeting_documents where committee_id = (select min(committee_id) from meeting_documents)) as text_chars`)
).rows[0];
console.log(counts, `in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await database.close();
