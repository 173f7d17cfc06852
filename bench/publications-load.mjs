/**
 * Load run of publications (issue 12): GET /api/publications (first page, 10, with its total), the
 * 'Your Subscriptions' card's tree (GET /api/categories?withPublication=true&subscribed=true) and
 * the /subscriptions screen's tree (GET /api/categories?withPublication=true: every subcategory
 * with all its publications), against the portal and against baseline.mjs (the same SQL,
 * baseline-sql.mjs, on bare Fastify + pg, the actor statement included), on the data of
 * `npm run generate:publications`. Only 127.0.0.1 is used; the run stops by itself.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_pub node bench/publications-load.mjs
 *   DURATION=10 CONNECTIONS=50 USER=bench-pub-1@bench.test PORTAL_PORT=3221 BASELINE_PORT=3222 (defaults)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compareLoad } from './compare.mjs';
import { login } from './login.mjs';
import { startBaseline, startPortal } from './portal.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench_pub';
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const USER = process.env.USER_EMAIL ?? 'bench-pub-1@bench.test';
const PORTAL_PORT = Number(process.env.PORTAL_PORT ?? 3221);
const BASELINE_PORT = Number(process.env.BASELINE_PORT ?? 3222);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-pub-'));

const portal = await startPortal({ port: PORTAL_PORT, databaseUrl: DATABASE_URL, dataDir });
const BASE = (await startBaseline({ port: BASELINE_PORT, databaseUrl: DATABASE_URL })).url;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const PORTAL = portal.url;

const token = await login(PORTAL, USER);
const auth = { authorization: `Bearer ${token}` };
const sizes = {};
for (const p of [
  '/publications',
  '/categories?withPublication=true&subscribed=true',
  '/categories?withPublication=true',
]) {
  const res = await fetch(`${PORTAL}/api${p}`, { headers: auth });
  const body = await res.text();
  if (!res.ok) throw new Error(`${p}: ${res.status} ${body.slice(0, 200)}`);
  const json = JSON.parse(body);
  const leaves =
    Array.isArray(json.data) && json.data[0]?.children
      ? json.data.flatMap((r) => r.children).reduce((n, c) => n + (c.publication_count ?? 0), 0)
      : json.data.length;
  // One request at a time (10 after one warm-up): the answer's own time without a queue.
  const times = [];
  for (let i = 0; i < 11; i++) {
    const s = performance.now();
    await (await fetch(`${PORTAL}/api${p}`, { headers: auth })).arrayBuffer();
    if (i > 0) times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  sizes[p] =
    `${leaves} publications, ${(body.length / 1024).toFixed(0)} kB, one at a time median ${times[5].toFixed(1)} ms (max ${times.at(-1).toFixed(1)})`;
}

const cases = [
  ['GET /api/publications (page 1)', '/publications'],
  [
    'GET /api/categories?withPublication=true&subscribed=true (card)',
    '/categories?withPublication=true&subscribed=true',
  ],
  ['GET /api/categories?withPublication=true (/subscriptions)', '/categories?withPublication=true'],
];

// Timeouts (10 s without an answer) are counted, not fatal: the /subscriptions tree is large.
const rows = await compareLoad(cases, {
  portal: PORTAL,
  baseline: BASE,
  headers: auth,
  connections: CONNECTIONS,
  duration: DURATION,
  allowTimeouts: true,
});

console.log(
  `\n${CONNECTIONS} connections, 2 s warm-up, ${DURATION} s each, as ${USER}, publications data of npm run generate:publications`,
);
for (const [p, s] of Object.entries(sizes)) console.log(`  portal ${p}: ${s}`);
console.log(
  '\n| call | portal req/s | portal p50 / p99 ms | baseline req/s | baseline p50 / p99 ms | portal / baseline | timeouts portal; baseline | load average (1 min) portal; baseline |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.label} | ${r.portal.rps.toFixed(0)} | ${r.portal.p50} / ${r.portal.p99} | ${r.baseline.rps.toFixed(0)} | ${r.baseline.p50} / ${r.baseline.p99} | ${r.ratio.toFixed(2)} | ${r.portal.errors}; ${r.baseline.errors} | ${r.portal.load}; ${r.baseline.load} |`,
  );
}
process.exit(0);
