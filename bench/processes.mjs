/**
 * One portal process against two behind the same port (cluster.mjs), with the baseline in turn:
 * for each call of a set of bench/calls/ (default jobs), `ROUNDS` rounds of `SLICE` seconds on the
 * one process, the two processes and the baseline, 50 connections, after a 2 s warm-up of each.
 * Both portals run as in production on the same database and sessions (tokens signed in on a
 * development start first). Prints req/s and p99 of each and two ÷ one, one ÷ baseline.
 *
 *   CALLS=jobs ROUNDS=4 SLICE=3 CONNECTIONS=50 PORT=3141 node bench/processes.mjs
 *   (the two processes listen on PORT + 2, the baseline on PORT + 1)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { login } from './login.mjs';
import { signInThenRestart, startBaseline, startPortal } from './portal.mjs';
import { median } from './stats.mjs';

const CALLS = process.env.CALLS ?? 'jobs';
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const SLICE = Number(process.env.SLICE ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PORT = Number(process.env.PORT ?? 3141);
const set = await import(new URL(`./calls/${CALLS}.mjs`, import.meta.url));
const databaseUrl = process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${set.database}`;
const dirs = [mkdtempSync(path.join(tmpdir(), 'portal-one-')), mkdtempSync(path.join(tmpdir(), 'portal-two-'))];
process.on('exit', () => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const { portal: one, tokens } = await signInThenRestart(
  { port: PORT, databaseUrl, dataDir: dirs[0], production: true },
  set.emails,
  login,
);
const two = await startPortal({ port: PORT + 2, databaseUrl, dataDir: dirs[1], production: true, workers: 2 });
const baseline = await startBaseline({ port: PORT + 1, databaseUrl });

function run(url, token, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { authorization: `Bearer ${token}` } }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx > 0 || r.errors > 0) return reject(new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`));
      resolve({ rps: r.requests.total / duration, p99: r.latency.p99 });
    });
  });
}

console.log(`\n${ROUNDS} rounds of ${SLICE} s at ${CONNECTIONS} connections: one process, two, baseline in turn\n`);
console.log(
  '| call | as | one req/s (p99 ms) | two req/s (p99 ms) | baseline req/s (p99 ms) | two / one | one / baseline |',
);
console.log('|---|---|---|---|---|---|---|');
for (const c of await set.calls(one.url, tokens)) {
  const urls = [`${one.url}/api${c.path}`, `${two.url}/api${c.path}`, `${baseline.url}${c.path}`];
  for (const url of urls) await run(url, c.token, 2);
  const sums = [0, 0, 0];
  const p99s = [[], [], []];
  for (let i = 0; i < ROUNDS; i++)
    for (const [k, url] of urls.entries()) {
      const r = await run(url, c.token, SLICE);
      sums[k] += r.rps;
      p99s[k].push(r.p99);
    }
  const cell = (k) => `${(sums[k] / ROUNDS).toFixed(0)} (${median(p99s[k])})`;
  console.log(
    `| GET /api${c.path.split('?')[0]} (${c.call}) | ${c.role} | ${cell(0)} | ${cell(1)} | ${cell(2)} | ${(sums[1] / sums[0]).toFixed(2)} | ${(sums[0] / sums[2]).toFixed(2)} |`,
  );
}
process.exit(0);
