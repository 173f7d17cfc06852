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
import { compareLoad, loadTable, timeOneAtATime } from './compare.mjs';
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

const {
  portal,
  tokens: [token],
} = await signInThenRestart(
  { port: PORT, databaseUrl: DATABASE_URL, dataDir, production: PRODUCTION },
  ['bench-cm-7@bench.test'],
  login,
);
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

const rows = await compareLoad(cases, {
  portal: PORTAL,
  baseline: BASE,
  headers: auth,
  connections: CONNECTIONS,
  duration: DURATION,
});

// The search alone, one at a time, over a few terms: the median answer time.
const terms = [
  'calibration',
  'uncertainty measurement',
  'chromat',
  'listeria rapid pcr',
  'proficiency testing round',
  'biosafety cabinet airf',
];
const times = await timeOneAtATime({
  portal: PORTAL,
  baseline: BASE,
  headers: auth,
  count: SEARCHES,
  terms,
  pathOf: (term) => `/meetingdocuments/search?cmid=${cm}&term=${encodeURIComponent(term)}`,
});

console.log(
  `\n${CONNECTIONS} connections, ${DURATION} s each, portal in ${PRODUCTION ? 'production' : 'development'} mode, meetings data of npm run generate:meetings (committee ${cm}: ${sizes.recent} documents visible; folder ${sub}: ${sizes.folder} documents; ${sizes.events} events in the range)\n`,
);
console.log(loadTable(rows));
for (const side of ['portal', 'baseline']) {
  console.log(
    `\nGET /meetingdocuments/search (${side}) one at a time, ${SEARCHES} requests over ${terms.length} terms: median ${times[side].median} ms, p90 ${times[side].p90} ms, p99 ${times[side].p99} ms`,
  );
}
process.exit(0);
