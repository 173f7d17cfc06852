/**
 * Load run of the meetings (issue 11): GET /api/meetingdocuments/recent/{committee} (the first page
 * of 5), GET /api/meetingdocuments?folderid= (a sub folder's documents, as the page asks: per_page
 * 500) and GET /api/events for a month (the six weeks FullCalendar shows), against the portal and
 * against baseline.mjs (the same SQL on bare Fastify + pg), on the data of
 * `npm run generate:meetings`; then the content search alone, one request at a time, for its
 * median and p99. As bench-cm-7, a plain member of Bench Committee 1 (its tenth root folder is
 * closed to them). Only 127.0.0.1 is used.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_meetings node bench/meetings-load.mjs
 *   DURATION=10 CONNECTIONS=50 SEARCHES=200 PORT=3121 (defaults; the baseline listens on PORT + 1),
 *   PRODUCTION=1 (the portal as in production: answers not checked by zod)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { login } from './login.mjs';
import { signInThenRestart, startBaseline } from './portal.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench_meetings';
const DURATION = Number(process.env.DURATION ?? 10);
// PRODUCTION=1: the portal runs as in production (no zod check of each answer, as outside production).
const PRODUCTION = process.env.PRODUCTION === '1';
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SEARCHES = Number(process.env.SEARCHES ?? 200);
const PORT = Number(process.env.PORT ?? 3121);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-meetings-'));

const { portal, tokens: [token] } = await signInThenRestart({ port: PORT, databaseUrl: DATABASE_URL, dataDir, production: PRODUCTION }, ['bench-cm-7@bench.test'], login);
const BASE = (await startBaseline({ port: PORT + 1, databaseUrl: DATABASE_URL })).url;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const PORTAL = portal.url;

const auth = { authorization: `Bearer ${token}` };
const get = async (p) => {
  const res = await fetch(`${PORTAL}/api${p}`, { headers: auth });
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  return res.json();
};
const cm = (await get('/activeuser')).committees.find((c) => c.name === 'Bench Committee 1').id;
const root = (await get(`/committeerootfolders/${cm}`)).data[0].id;
const sub = (await get(`/meetingfolders/${root}`)).data[0].id;
const month = `start=${encodeURIComponent('2026-02-23 00:00:00')}&end=${encodeURIComponent('2026-04-06 00:00:00')}`;

const cases = [
  ['GET /api/meetingdocuments/recent/{committee}', `/meetingdocuments/recent/${cm}`],
  ['GET /api/meetingdocuments?folderid= (per_page 500)', `/meetingdocuments?folderid=${sub}&per_page=500`],
  ['GET /api/events (a month)', `/events?committee_id=${cm}&${month}`],
];
const sizes = {
  recent: (await get(cases[0][1])).total,
  folder: (await get(cases[1][1])).data.length,
  events: (await get(cases[2][1])).data.length,
};

function run(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: auth }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

const rows = [];
for (const [label, p] of cases) {
  const result = {};
  for (const [side, url] of [['portal', `${PORTAL}/api${p}`], ['baseline', `${BASE}${p}`]]) {
    await run(url, 2); // warm-up
    const r = await run(url, DURATION);
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${side} ${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    result[side] = { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50 };
  }
  rows.push({ label, ...result, ratio: result.portal.rps / result.baseline.rps });
}

// The content search alone, one at a time, over a few terms (every word must match; the last is a prefix).
const terms = ['calibration', 'uncertainty measurement', 'chromat', 'listeria rapid pcr', 'proficiency testing round', 'biosafety cabinet airf'];
const times = { portal: [], baseline: [] };
for (let i = 0; i < SEARCHES; i++) {
  const term = terms[i % terms.length];
  for (const [side, base] of [['portal', `${PORTAL}/api`], ['baseline', BASE]]) {
    const s = performance.now();
    const res = await fetch(`${base}/meetingdocuments/search?cmid=${cm}&term=${encodeURIComponent(term)}`, { headers: auth });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${side} search ${term}: ${res.status}`);
    times[side].push(performance.now() - s);
  }
}
const pct = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
};

console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, portal in ${PRODUCTION ? 'production' : 'development'} mode, meetings data of npm run generate:meetings (committee ${cm}: ${sizes.recent} documents visible; folder ${sub}: ${sizes.folder} documents; ${sizes.events} events in the range)\n`);
console.log('| call | portal req/s | portal p50 / p99 ms | baseline req/s | baseline p50 / p99 ms | portal / baseline |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.label} | ${r.portal.rps.toFixed(0)} | ${r.portal.p50} / ${r.portal.p99} | ${r.baseline.rps.toFixed(0)} | ${r.baseline.p50} / ${r.baseline.p99} | ${r.ratio.toFixed(2)} |`);
}
for (const side of ['portal', 'baseline']) {
  console.log(`\nGET /meetingdocuments/search (${side}) one at a time, ${SEARCHES} requests over ${terms.length} terms: median ${pct(times[side], 50)} ms, p90 ${pct(times[side], 90)} ms, p99 ${pct(times[side], 99)} ms`);
}
process.exit(0);
