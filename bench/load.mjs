/**
 * Load run of issue 3: GET /api/jobs, /api/jobdocuments and /api/invoices as an AR and as a TA, 50
 * connections each, against the portal and against baseline.mjs (the same SQL on bare Fastify +
 * pg). Both talk to the PostgreSQL of `npm run generate`. Only 127.0.0.1 is used.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run load -w bench
 *   DURATION=10 CONNECTIONS=50 PORT=3101 (defaults; the baseline listens on PORT + 1)
 *
 * Each call runs three times per server: at saturation (as many requests as 50 connections can
 * make), then at a fixed offered load of RATE_FRACTION (0.5) of the baseline's saturation req/s, twice:
 * with autocannon's `overallRate` (as issue 14 names it; it sends each connection's share of a second
 * back to back, so the server is saturated for part of every second) and with evenly spaced requests
 * (open-loop.mjs), where the latency percentiles say what a user waits when the server is not flat out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { listCalls } from './list-calls.mjs';
import { openLoop } from './open-loop.mjs';
import { startBaseline, startPortal } from './portal.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const RATE_FRACTION = Number(process.env.RATE_FRACTION ?? 0.5);
const PORT = Number(process.env.PORT ?? 3101);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));

// The portal, and the baseline (the same SQL on bare Fastify + pg).
const portal = await startPortal({ port: PORT, databaseUrl: DATABASE_URL, dataDir });
const BASE = (await startBaseline({ port: PORT + 1, databaseUrl: DATABASE_URL })).url;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const PORTAL = portal.url;

const cases = (await listCalls(PORTAL)).map((c) => [c.call, c.role, c.token, c.path]);

function run(url, token, duration, overallRate) {
  return new Promise((resolve, reject) => {
    const options = { url, connections: CONNECTIONS, duration, headers: { authorization: `Bearer ${token}` } };
    if (overallRate) options.overallRate = overallRate;
    autocannon(options, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

const rows = [];
for (const [, role, token, p] of cases) {
  const result = {};
  const targets = [
    ['portal', `${PORTAL}/api${p}`],
    ['baseline', `${BASE}${p}`],
  ];
  for (const [label, url] of targets) {
    await run(url, token, 2); // warm-up
    const r = await run(url, token, DURATION);
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label} ${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    result[label] = { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50 };
  }
  // The same offered load for both: a fraction of the baseline's saturation.
  const rate = Math.max(1, Math.round(result.baseline.rps * RATE_FRACTION));
  for (const [label, url] of targets) {
    const r = await run(url, token, DURATION, rate);
    if (r.non2xx > 0 || r.errors > 0)
      throw new Error(`${label} ${p} at ${rate}/s: ${r.non2xx} non-2xx, ${r.errors} errors`);
    result[label].fixed = {
      rate,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      p999: r.latency.p99_9,
    };
  }
  for (const [label, url] of targets) {
    const r = await openLoop({
      url,
      headers: { authorization: `Bearer ${token}` },
      rate,
      duration: DURATION,
      connections: CONNECTIONS,
    });
    if (r.errors > 0) throw new Error(`${label} ${p} at ${rate}/s evenly spaced: ${r.errors} errors`);
    result[label].even = r;
  }
  rows.push({ call: `GET /api${p.split('?')[0]}`, role, ...result, ratio: result.portal.rps / result.baseline.rps });
}

console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, PostgreSQL data of npm run generate\n`);
console.log(
  '| call | as | portal req/s | portal p50 / p99 ms | baseline req/s | baseline p50 / p99 ms | portal / baseline |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.call} | ${r.role} | ${r.portal.rps.toFixed(0)} | ${r.portal.p50} / ${r.portal.p99} | ${r.baseline.rps.toFixed(0)} | ${r.baseline.p50} / ${r.baseline.p99} | ${r.ratio.toFixed(2)} |`,
  );
}
console.log(`\nAt a fixed offered load of ${RATE_FRACTION} x the baseline's saturation req/s (same rate for both)\n`);
console.log(
  '| call | as | offered req/s | portal p50 / p99 / p99.9 ms | baseline p50 / p99 / p99.9 ms | p99.9 portal / baseline |',
);
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  const a = r.portal.fixed;
  const b = r.baseline.fixed;
  console.log(
    `| ${r.call} | ${r.role} | ${a.rate} | ${a.p50} / ${a.p99} / ${a.p999} | ${b.p50} / ${b.p99} / ${b.p999} | ${(a.p999 / Math.max(b.p999, 1)).toFixed(2)} |`,
  );
}
console.log(
  `\nThe same offered load with evenly spaced requests (open-loop.mjs; latency from each request's due moment)\n`,
);
console.log(
  '| call | as | offered req/s | portal p50 / p99 / p99.9 ms | baseline p50 / p99 / p99.9 ms | p99.9 portal / baseline |',
);
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  const a = r.portal.even;
  const b = r.baseline.even;
  console.log(
    `| ${r.call} | ${r.role} | ${r.portal.fixed.rate} | ${a.p50} / ${a.p99} / ${a.p999} | ${b.p50} / ${b.p99} / ${b.p999} | ${(a.p999 / Math.max(b.p999, 0.1)).toFixed(2)} |`,
  );
}
process.exit(0);
