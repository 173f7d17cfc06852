/**
 * The unused-assessor report at scale (issue 22): GET /api/admin/ta/unusedtasformonths/6/{ids} as
 * taadmin@ on the scale data (`npm run generate`), one request at a time, for each option alone and
 * both, as JSON and as the CSV export (?format=csv). Prints how many active TAs the data holds and
 * how many have last_used / reviewed_at set; the generator sets almost none, so SPREAD=1 first
 * spreads them over the bench TAs (bench-ta-N@bench.test), deterministically from the user's id:
 * last_used for 9 in 10 over the last two years, reviewed_at (a user_infos row made when missing)
 * for 8 in 10 over the last three. Median and p99 of RUNS (default 40) requests after 3 to warm up.
 *
 *   SPREAD=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench PORT=3140 node bench/report-unused.mjs
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { login } from './login.mjs';
import { signInThenRestart } from './portal.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const PORT = Number(process.env.PORT ?? 3140);
const RUNS = Number(process.env.RUNS ?? 40);
const MONTHS = 6;
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-report-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

const db = new pg.Client({ connectionString: DATABASE_URL });
await db.connect();
if (process.env.SPREAD === '1') {
  const bench = `email like 'bench-ta-%@bench.test'`;
  await db.query(
    `update users set last_used = case when id % 10 = 0 then null else now() - make_interval(mins => (id * 7919) % (730 * 1440)) end where ${bench}`,
  );
  await db.query(
    `insert into user_infos (user_id) select id from users where ${bench} on conflict (user_id) do nothing`,
  );
  await db.query(
    `update user_infos set reviewed_at = case when user_id % 5 = 0 then null else now() - make_interval(mins => (user_id * 104729) % (1095 * 1440)) end
     where user_id in (select id from users where ${bench})`,
  );
  await db.query('analyze users; analyze user_infos');
}
const { rows: counts } = await db.query(
  `select count(*)::int as tas, count(u.last_used)::int as last_used, count(i.reviewed_at)::int as reviewed,
          count(*) filter (where u.last_used is null or u.last_used < now() - interval '6 months')::int as unused_6
   from users u left join user_infos i on i.user_id = u.id
   where u.activated and u.deleted_at is null and exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'TA')`,
);
await db.end();
const c = counts[0];
console.log(
  `active TAs: ${c.tas}; last_used set: ${c.last_used}; reviewed_at set: ${c.reviewed}; last used over 6 months ago or never: ${c.unused_6}`,
);

const { portal, tokens } = await signInThenRestart(
  { port: PORT, databaseUrl: DATABASE_URL, dataDir, production: true },
  ['taadmin@portal.test'],
  login,
);
const auth = { authorization: `Bearer ${tokens[0]}` };

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
console.log(`\n${RUNS} requests one at a time (after 3 to warm up), portal in production mode\n`);
console.log('| options | as | rows | bytes | median ms | p99 ms | load (1 min) |');
console.log('|---|---|---|---|---|---|---|');
for (const ids of ['2', '1', '1,2']) {
  for (const format of ['json', 'csv']) {
    const url = `${portal.url}/api/admin/ta/unusedtasformonths/${MONTHS}/${ids}?format=${format}`;
    let rows = 0;
    let bytes = 0;
    const times = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: auth });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
      if (i >= 3) times.push(ms);
      bytes = Buffer.byteLength(text);
      rows = format === 'json' ? JSON.parse(text).data.length : text.trimEnd().split('\r\n').length - 1;
    }
    times.sort((a, b) => a - b);
    const names = { 1: 'Profile Reviewed', 2: 'Last Used', '1,2': 'both' };
    console.log(
      `| ${names[ids]} | ${format.toUpperCase()} | ${rows} | ${bytes} | ${pct(times, 50).toFixed(1)} | ${pct(times, 99).toFixed(1)} | ${loadavg()[0].toFixed(1)} |`,
    );
  }
}
const exited = new Promise((resolve) => portal.child.once('exit', resolve));
portal.child.kill('SIGTERM');
await exited;
process.exit(0);
