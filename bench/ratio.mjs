/**
 * Req/s of the portal against the baseline at saturation, taking turns: for each list call of
 * load.mjs, ROUNDS (6) pairs of SLICE (3) seconds, portal then baseline, after a 2 s warm-up of
 * each. load.mjs runs each server for one 10 s stretch, and on a shared machine the speed of the
 * cores changes between stretches by more than the gap being measured (the same baseline call
 * 1,099-1,558 req/s from one run to the next, 2026-11-24); slices in turns meet the same changes
 * equally. Prints each call's ratio from the summed requests, and the lowest and highest ratio
 * of a single pair.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench node bench/ratio.mjs
 *   ROUNDS=6 SLICE=3 CONNECTIONS=50 PORT=3131 (defaults; the baseline listens on PORT + 1)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { listCalls } from './list-calls.mjs';
import { startBaseline, startPortal } from './portal.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const SLICE = Number(process.env.SLICE ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PORT = Number(process.env.PORT ?? 3131);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-ratio-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const portal = await startPortal({ port: PORT, databaseUrl: DATABASE_URL, dataDir });
const baseline = await startBaseline({ port: PORT + 1, databaseUrl: DATABASE_URL });

function run(url, token, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { authorization: `Bearer ${token}` } }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx > 0 || r.errors > 0) return reject(new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`));
      resolve(r.requests.total / duration);
    });
  });
}

console.log(`\n${ROUNDS} pairs of ${SLICE} s at ${CONNECTIONS} connections, portal and baseline in turn\n`);
console.log('| call | as | portal req/s | baseline req/s | portal / baseline | lowest / highest pair |');
console.log('|---|---|---|---|---|---|');
for (const c of await listCalls(portal.url)) {
  const urls = [`${portal.url}/api${c.path}`, `${baseline.url}${c.path}`];
  for (const url of urls) await run(url, c.token, 2);
  const sums = [0, 0];
  const pairs = [];
  for (let i = 0; i < ROUNDS; i++) {
    const [a, b] = [await run(urls[0], c.token, SLICE), await run(urls[1], c.token, SLICE)];
    sums[0] += a;
    sums[1] += b;
    pairs.push(a / b);
  }
  console.log(
    `| GET /api${c.path.split('?')[0]} | ${c.role} | ${(sums[0] / ROUNDS).toFixed(0)} | ${(sums[1] / ROUNDS).toFixed(0)} | ${(sums[0] / sums[1]).toFixed(2)} | ${Math.min(...pairs).toFixed(2)} / ${Math.max(...pairs).toFixed(2)} |`,
  );
}
process.exit(0);
