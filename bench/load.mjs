/**
 * Load run of issue 3: GET /api/jobs, /api/jobdocuments and /api/invoices as an AR and as a TA, 50
 * connections each, against the portal and against baseline.mjs (the same SQL on bare Fastify +
 * pg). Both talk to the PostgreSQL of `npm run generate`. Only 127.0.0.1 is used.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run load -w bench
 *   DURATION=10 CONNECTIONS=50 (defaults)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { login } from './login.mjs';
import { startBaseline, startPortal } from './portal.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));

// The portal, and the baseline (the same SQL on bare Fastify + pg).
const portal = await startPortal({ port: 3101, databaseUrl: DATABASE_URL, dataDir });
const BASE = (await startBaseline({ port: 3102, databaseUrl: DATABASE_URL })).url;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const PORTAL = portal.url;

const ar = await login(PORTAL, 'bench-ar-1@bench.test');
const ta = await login(PORTAL, 'bench-ta-2001@bench.test');
const firstJob = async (token, role) => (await (await fetch(`${PORTAL}/api/jobs?role=${role}`, { headers: { authorization: `Bearer ${token}` } })).json()).data[0].id;
const arJob = await firstJob(ar, 'AR');
const taJob = await firstJob(ta, 'TA');

const cases = [
  ['jobs', 'AR', ar, `/jobs?role=AR`],
  ['jobs', 'TA', ta, `/jobs?role=TA`],
  ['jobdocuments', 'AR', ar, `/jobdocuments?jobid=${arJob}&role=AR`],
  ['jobdocuments', 'TA', ta, `/jobdocuments?jobid=${taJob}&role=TA`],
  ['invoices', 'AR', ar, `/invoices?current_role=AR`],
];

function run(url, token, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { authorization: `Bearer ${token}` } }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

const rows = [];
for (const [, role, token, p] of cases) {
  const result = {};
  for (const [label, url] of [['portal', `${PORTAL}/api${p}`], ['baseline', `${BASE}${p}`]]) {
    await run(url, token, 2); // warm-up
    const r = await run(url, token, DURATION);
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label} ${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    result[label] = { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50 };
  }
  rows.push({ call: `GET /api${p.split('?')[0]}`, role, ...result, ratio: result.portal.rps / result.baseline.rps });
}

console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, PostgreSQL data of npm run generate\n`);
console.log('| call | as | portal req/s | portal p50 / p99 ms | baseline req/s | baseline p50 / p99 ms | portal / baseline |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.call} | ${r.role} | ${r.portal.rps.toFixed(0)} | ${r.portal.p50} / ${r.portal.p99} | ${r.baseline.rps.toFixed(0)} | ${r.baseline.p50} / ${r.baseline.p99} | ${r.ratio.toFixed(2)} |`,
  );
}
process.exit(0);
