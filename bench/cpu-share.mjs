/**
 * Where a request's CPU goes, portal beside the baseline: for each call, ROUNDS pairs of DURATION
 * seconds at 50 connections (portal then baseline, after a 3 s warm-up of each), and for each
 * stretch the CPU time per request of the server process (all its threads, /proc/<pid>/stat), of
 * PostgreSQL (every process named postgres), of this script (autocannon), and the machine's idle
 * time per request (/proc/stat). req/s alone says which server is faster; this says whether the
 * difference is the server's own CPU or the database's, which share the two cores.
 * PGSTATS=1 adds PostgreSQL's own counts per request (transactions, tuples returned and fetched,
 * buffer hits: pg_stat_database, after 11 s for the backends to report), which show whether both
 * servers ask the database for the same work.
 *
 *   CALLS=forum [ONLY=call[:ROLE],...] [ROUNDS=3] [DURATION=5] [PRODUCTION=1] [PGSTATS=1] [PORTAL_FLAGS=...] node bench/cpu-share.mjs
 *   PORT=3141 (the baseline listens on PORT + 1). Linux only (/proc). Needs the set's scale data.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { callSet, onlyNamed } from './calls/index.mjs';
import { login } from './login.mjs';
import { flagsOf, signInThenRestart, startBaseline } from './portal.mjs';

const SET = await callSet();
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION = Number(process.env.DURATION ?? 5);
const PORT = Number(process.env.PORT ?? 3141);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cpu-share-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

/** CPU milliseconds a process has used, all threads (utime + stime, in clock ticks of 10 ms). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // a process that ended meanwhile
  }
}

function postgresMs() {
  let sum = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) sum += cpuMs(pid);
    } catch {
      // gone
    }
  }
  return sum;
}

/** The machine's idle milliseconds (idle + iowait, all cores). */
function idleMs() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  return (f[3] + f[4]) * 10;
}

function load(url, token, opts) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: 50, headers: { authorization: `Bearer ${token}` }, ...opts }, (err, r) =>
      err ? reject(err) : resolve(r.requests.total),
    ),
  );
}

const { portal, tokens } = await signInThenRestart(
  {
    port: PORT,
    databaseUrl: SET.databaseUrl,
    dataDir,
    production: process.env.PRODUCTION === '1',
    // PORTAL_FLAGS: more flags for the portal's node, after npm start's (a later V8 flag wins), as ratio.mjs.
    nodeFlags: flagsOf('PORTAL_FLAGS'),
  },
  SET.emails,
  login,
);
const baseline = await startBaseline({ port: PORT + 1, databaseUrl: SET.databaseUrl });
const stats = new pg.Client({ connectionString: SET.databaseUrl });
await stats.connect();
const pgCounts = async () =>
  (
    await stats.query(
      'select xact_commit, tup_returned, tup_fetched, blks_hit from pg_stat_database where datname = current_database()',
    )
  ).rows[0];

console.log(
  `\nCPU µs per request, ${ROUNDS} pairs of ${DURATION} s at 50 connections (server: all its threads; PostgreSQL: all its processes)\n`,
);
console.log('| call | as | server | req/s | server µs | PostgreSQL µs | autocannon µs | idle µs |');
console.log('|---|---|---|---|---|---|---|---|');
for (const c of onlyNamed(await SET.calls(portal.url, tokens))) {
  const servers = [
    { name: 'portal', url: `${portal.url}/api${c.path}`, pid: portal.child.pid, runs: [] },
    { name: 'baseline', url: `${baseline.url}${c.path}`, pid: baseline.child.pid, runs: [] },
  ];
  for (const s of servers) await load(s.url, c.token, { duration: 3 });
  for (let i = 0; i < ROUNDS; i++)
    for (const s of servers) {
      const before = { server: cpuMs(s.pid), pg: postgresMs(), me: process.cpuUsage(), idle: idleMs() };
      const n = await load(s.url, c.token, { duration: DURATION });
      const me = process.cpuUsage(before.me);
      const per = (ms) => ((ms * 1000) / n).toFixed(0);
      s.runs.push([
        (n / DURATION).toFixed(0),
        per(cpuMs(s.pid) - before.server),
        per(postgresMs() - before.pg),
        per((me.user + me.system) / 1000),
        per(idleMs() - before.idle),
      ]);
    }
  for (const s of servers)
    for (const r of s.runs) console.log(`| ${c.call} | ${c.role} | ${s.name} | ${r.join(' | ')} |`);
  if (process.env.PGSTATS === '1') {
    const N = 3000;
    for (const s of servers) {
      // Backends report their counts when idle for a while (PostgreSQL 15: within 10 s).
      await new Promise((r) => setTimeout(r, 11_000));
      const a = await pgCounts();
      await load(s.url, c.token, { amount: N, connections: 10 });
      await new Promise((r) => setTimeout(r, 11_000));
      const b = await pgCounts();
      const per = Object.keys(a).map((k) => `${k} ${((Number(b[k]) - Number(a[k])) / N).toFixed(2)}`);
      console.log(`  ${c.call} ${s.name}, PostgreSQL per request: ${per.join(', ')}`);
    }
  }
}
await stats.end();
for (const child of [portal.child, baseline.child]) child.kill('SIGTERM');
process.exit(0);
