/**
 * The portal alone at a fixed offered load of evenly spaced requests (open-loop.mjs), each list call
 * of load.mjs twice for DURATION seconds, on the data of `npm run generate`: the latency a user sees
 * when the server is half busy, without the baseline or autocannon in the same run. The portal runs
 * with --trace-gc (its output in TRACE_FILE) so its longest pauses can be set beside the tail, and
 * this process watches its own event loop, so a stall of the load generator shows as one.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench node bench/fixed-load.mjs
 *   PORT=3201 DURATION=10 RATES=1583,800,1300,1283,1218 TRACE_FILE=/tmp/fixed-load-gc.log (defaults;
 *   RATES: jobs AR, jobs TA, documents AR, documents TA, invoices: half the baseline's saturation in
 *   the load run of 2026-11-24 15:45 UTC)
 */
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { listCalls } from './list-calls.mjs';
import { openLoop } from './open-loop.mjs';
import { startPortal } from './portal.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const PORT = Number(process.env.PORT ?? 3201);
const DURATION = Number(process.env.DURATION ?? 10);
const RATES = (process.env.RATES ?? '1583,800,1300,1283,1218').split(',').map(Number);
const TRACE_FILE = process.env.TRACE_FILE ?? path.join(tmpdir(), 'fixed-load-gc.log');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-fixed-load-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const portal = await startPortal({ port: PORT, databaseUrl: DATABASE_URL, dataDir, nodeFlags: ['--trace-gc'], stdout: openSync(TRACE_FILE, 'w') });
const cases = (await listCalls(portal.url)).map((c, i) => [`${c.call} ${c.role}`, c.token, c.path, RATES[i]]);
for (const [name, token, p, rate] of cases) {
  const url = `${portal.url}/api${p}`;
  const headers = { authorization: `Bearer ${token}` };
  await openLoop({ url, headers, rate, duration: 2 });
  for (let i = 0; i < 2; i++) {
    const h = monitorEventLoopDelay({ resolution: 5 }); h.enable();
    const r = await openLoop({ url, headers, rate, duration: DURATION });
    h.disable();
    console.log(`${name} at ${rate}/s run ${i + 1}: p50 ${r.p50} p99 ${r.p99} p99.9 ${r.p999} max ${r.max} ms (${r.errors} errors); generator event-loop delay max ${(h.max / 1e6).toFixed(1)} ms`);
  }
}
// The longest pauses of the portal's garbage collector in the whole run.
const pauses = [...readFileSync(TRACE_FILE, 'utf8').matchAll(/, ([0-9.]+) \/ [0-9.]+ ms/g)].map((m) => Number(m[1])).sort((a, b) => b - a);
console.log(`portal's longest GC pauses: ${pauses.slice(0, 3).join(', ')} ms`);
process.exit(0);
