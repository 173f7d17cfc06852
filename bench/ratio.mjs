/**
 * Req/s of the portal against the baseline at saturation, taking turns: for each list call of
 * load.mjs, ROUNDS (6) pairs of SLICE (3) seconds, portal then baseline, after a WARMUP (2) s
 * warm-up of each. load.mjs runs each server for one 10 s stretch, and on a shared machine the speed of the
 * cores changes between stretches by more than the gap being measured (the same baseline call
 * 1,099-1,558 req/s from one run to the next, 2026-11-24); slices in turns meet the same changes
 * equally. Prints each call's ratio from the summed requests, and the lowest and highest ratio
 * of a single pair.
 *
 *   CALLS=jobs node bench/ratio.mjs
 *   CALLS=jobs|forum|meetings|publications|...|all (a set of bench/calls/, each on its own scale
 *   data; `all`: every set whose database exists), PRODUCTION=1 (the portal as in production: no
 *   zod check of each answer), ROUNDS=6 SLICE=3 WARMUP=2 CONNECTIONS=50 PORT=3131 (defaults; the baseline
 *   listens on PORT + 1), DATABASE_URL (only with one set: overrides the set's database), ONLY=call or
 *   call:ROLE,... (only those calls of the sets), PORTAL_FLAGS (more node flags for the portal)
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { onlyNamed, shownPath } from './calls/index.mjs';
import { login } from './login.mjs';
import { flagsOf, signInThenRestart, startBaseline } from './portal.mjs';

const SERVER = 'postgres://postgres@127.0.0.1:5432';
const CALLS = process.env.CALLS ?? 'jobs';
const PRODUCTION = process.env.PRODUCTION === '1';
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const SLICE = Number(process.env.SLICE ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PORT = Number(process.env.PORT ?? 3131);
const WARMUP = Number(process.env.WARMUP ?? 2);
// Only whether the two servers give the same answer to each call (no load); VERBOSE=1 shows where they part.
const ANSWERS_ONLY = process.env.ANSWERS_ONLY === '1';
const dataDirs = [];
process.on('exit', () => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const here = new URL('./calls/', import.meta.url);
const names =
  CALLS === 'all'
    ? readdirSync(here)
        .filter((f) => f.endsWith('.mjs') && f !== 'index.mjs') // index.mjs is the sets' loader, not a set
        .map((f) => f.slice(0, -4))
    : CALLS.split(',');
const sets = [];
for (const name of names) sets.push({ name, ...(await import(new URL(`${name}.mjs`, here))) });

async function exists(database) {
  const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  const found = await client.query('select 1 from pg_database where datname = $1', [database]);
  await client.end();
  return found.rowCount > 0;
}

function run(url, token, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { authorization: `Bearer ${token}` } }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx > 0 || r.errors > 0) return reject(new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`));
      resolve(r.requests.total / duration);
    });
  });
}

console.log(
  `\n${ROUNDS} pairs of ${SLICE} s at ${CONNECTIONS} connections after ${WARMUP} s of each, portal (${PRODUCTION ? 'production' : 'development'}) and baseline in turn\n`,
);
console.log(
  '| call | as | portal req/s | baseline req/s | portal / baseline | lowest / highest pair | answer chars, portal / baseline |',
);
console.log('|---|---|---|---|---|---|---|');
for (const set of sets) {
  const databaseUrl = (names.length === 1 && process.env.DATABASE_URL) || `${SERVER}/${set.database}`;
  if (CALLS === 'all' && !(await exists(set.database))) {
    console.log(`| (${set.name}: no database ${set.database}; skipped) | | | | | | |`);
    continue;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-ratio-'));
  dataDirs.push(dataDir);
  const { portal, tokens } = await signInThenRestart(
    {
      port: PORT,
      databaseUrl,
      dataDir,
      production: PRODUCTION,
      // PORTAL_FLAGS: more flags for the portal's node, after npm start's (a later V8 flag wins).
      nodeFlags: flagsOf('PORTAL_FLAGS'),
    },
    set.emails,
    login,
  );
  const baseline = await startBaseline({ port: PORT + 1, databaseUrl, env: { APP_URL: portal.appUrl } });
  await measure(await set.calls(portal.url, tokens), portal, baseline);
  for (const child of [portal.child, baseline.child]) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
process.exit(0);

/** Where two answers first part (the shorter's length when one begins the other). */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** How many rows a list's answer holds in its `data` (undefined for another answer, such as a discussion's). */
function rowsOf(body) {
  return Array.isArray(body?.data) ? body.data.length : undefined;
}

async function measure(list, portal, baseline) {
  for (const c of onlyNamed(list)) {
    const urls = [`${portal.url}/api${c.path}`, `${baseline.url}${c.path}`];
    // A baseline answering fewer rows (a value missing from its statement), or writing less of each
    // (columns lost, fields left out), would be measured as faster: the rows and the characters of
    // both answers are printed beside the figures.
    const [mine, theirs] = await Promise.all(
      urls.map(async (u) => {
        const answer = await fetch(u, { headers: { authorization: `Bearer ${c.token}` } });
        const text = await answer.text();
        // The ICS feed answers text: no rows to count.
        const json = answer.headers.get('content-type')?.startsWith('application/json');
        return { rows: json ? rowsOf(JSON.parse(text)) : undefined, chars: text.length, text };
      }),
    );
    if (mine.rows !== undefined && theirs.rows !== undefined && mine.rows !== theirs.rows)
      console.log(`| (${c.call}: the portal answers ${mine.rows} rows, the baseline ${theirs.rows}) | | | | | | |`);
    const same =
      mine.text === theirs.text ? 'same' : `differ from character ${firstDifference(mine.text, theirs.text)}`;
    if (ANSWERS_ONLY) {
      console.log(
        `| GET /api${shownPath(c.path)} (${c.call}) | ${c.role} | | | | | ${mine.chars} / ${theirs.chars}, ${same} |`,
      );
      if (process.env.VERBOSE && mine.text !== theirs.text) {
        const at = firstDifference(mine.text, theirs.text);
        console.log(`  portal:   ${mine.text.slice(Math.max(0, at - 80), at + 160)}`);
        console.log(`  baseline: ${theirs.text.slice(Math.max(0, at - 80), at + 160)}`);
      }
      continue;
    }
    for (const url of urls) await run(url, c.token, WARMUP);
    const sums = [0, 0];
    const pairs = [];
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = [await run(urls[0], c.token, SLICE), await run(urls[1], c.token, SLICE)];
      sums[0] += a;
      sums[1] += b;
      pairs.push(a / b);
    }
    console.log(
      `| GET /api${shownPath(c.path)} (${c.call}) | ${c.role} | ${(sums[0] / ROUNDS).toFixed(0)} | ${(sums[1] / ROUNDS).toFixed(0)} | ${(sums[0] / sums[1]).toFixed(2)} | ${Math.min(...pairs).toFixed(2)} / ${Math.max(...pairs).toFixed(2)} | ${mine.chars} / ${theirs.chars}, ${same} |`,
    );
  }
}
