/**
 * Load run of the forum (issue 10): GET /api/forumthreads?committeeid= (first page),
 * GET /api/forumthreads/{id} (a thread with 60 replies: its first page of 50) and
 * GET /api/forum/search, against the portal and against baseline.mjs (the same SQL on bare
 * Fastify + pg), on the data of `npm run generate:forum`. Then the search alone, one request at a
 * time, for its median latency. Only 127.0.0.1 is used.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_forum node bench/forum-load.mjs
 *   DURATION=10 CONNECTIONS=50 SEARCHES=200 PORT=3111 (defaults; the baseline listens on PORT + 1),
 *   PRODUCTION=1 (the portal as in production: answers not checked by zod)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compareLoad, loadTable, timeOneAtATime } from './compare.mjs';
import { login } from './login.mjs';
import { signInThenRestart, startBaseline } from './portal.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench_forum';
const DURATION = Number(process.env.DURATION ?? 10);
// PRODUCTION=1: the portal runs as in production (no zod check of each answer, as outside production).
const PRODUCTION = process.env.PRODUCTION === '1';
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SEARCHES = Number(process.env.SEARCHES ?? 200);
const PORT = Number(process.env.PORT ?? 3111);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-forum-'));

// The portal, and the baseline (the same SQL on bare Fastify + pg).
const {
  portal,
  tokens: [token],
} = await signInThenRestart(
  { port: PORT, databaseUrl: DATABASE_URL, dataDir, production: PRODUCTION },
  ['bench-cm-1@bench.test'],
  login,
);
const BASE = (await startBaseline({ port: PORT + 1, databaseUrl: DATABASE_URL })).url;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const PORTAL = portal.url;

// bench-cm-1 administers Bench Committee 1, whose first thread has 60 replies.
const auth = { authorization: `Bearer ${token}` };
const committees = (await (await fetch(`${PORTAL}/api/activeuser`, { headers: auth })).json()).committees;
const cm = committees.find((c) => c.name === 'Bench Committee 1').id;
const page = await (
  await fetch(`${PORTAL}/api/forumthreads?committeeid=${cm}&per_page=50&page=10`, { headers: auth })
).json();
const thread = page.data.at(-1).id;
const TERM = 'calibration uncert';

const cases = [
  ['GET /api/forumthreads?committeeid=', `/forumthreads?committeeid=${cm}`],
  ['GET /api/forumthreads/{id} (50 replies)', `/forumthreads/${thread}`],
  ['GET /api/forum/search', `/forum/search?cmid=${cm}&term=${encodeURIComponent(TERM)}`],
];

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
  pathOf: (term) => `/forum/search?cmid=${cm}&term=${encodeURIComponent(term)}`,
});

console.log(
  `\n${CONNECTIONS} connections, ${DURATION} s each, portal in ${PRODUCTION ? 'production' : 'development'} mode, forum data of npm run generate:forum (thread ${thread}, committee ${cm})\n`,
);
console.log(loadTable(rows));
for (const side of ['portal', 'baseline']) {
  console.log(
    `\nGET /forum/search (${side}) one at a time, ${SEARCHES} requests over ${terms.length} terms: median ${times[side].median} ms, p90 ${times[side].p90} ms, p99 ${times[side].p99} ms`,
  );
}
process.exit(0);
