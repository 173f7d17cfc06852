/**
 * A fixed offered load of evenly spaced requests (open-loop.mjs), each list call of load.mjs twice
 * for DURATION seconds, on the data of `npm run generate`: the latency a user sees when the server
 * is half busy, without autocannon in the same run. TARGETS=portal,baseline runs the baseline too
 * (baseline.mjs on PORT + 1), the two taking turns run by run. Both servers run with --trace-gc (the
 * portal's output in TRACE_FILE, the baseline's in TRACE_FILE with `.baseline` added), and both have loop-watch.mjs preloaded, which notes every delay of their
 * event loop over 20 ms; this process watches its own event loop, and machine-sampler.mjs samples
 * the machine every SAMPLE_MS (steal, CPU and I/O pressure, each process's time on a core and
 * waiting for one, PostgreSQL's active statements and waits). Each run prints its percentiles, who
 * used the cores, and every stall (slow requests together) beside what the machine did in it.
 *
 *   CALLS=jobs (a set of bench/calls/, on its own database unless DATABASE_URL is set) node bench/fixed-load.mjs
 *   PORT=3201 DURATION=10 RUNS=2 TARGETS=portal SAMPLE_MS=100 TRACE_FILE=/tmp/fixed-load-gc.log PRODUCTION=1 (as in production)
 *   ONLY=call[:ROLE],... (as ratio.mjs)
 *   (defaults); RATES, one per call (default: half the baseline's saturation, measured first; for
 *   the jobs set it was 1583,800,1300,1283,1218 in the load run of 2026-11-24 15:45 UTC)
 */
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { callSet, onlyNamed } from './calls/index.mjs';
import { startSampler } from './machine-sampler.mjs';
import { openLoop } from './open-loop.mjs';
import { login } from './login.mjs';
import { flagsOf, here, signInThenRestart, startBaseline, startPortal } from './portal.mjs';
import { median } from './stats.mjs';

const SET = await callSet();
const DATABASE_URL = SET.databaseUrl;
const PORT = Number(process.env.PORT ?? 3201);
const DURATION = Number(process.env.DURATION ?? 10);
// Runs of each call for each target, taking turns; with two targets and more than two runs, a table
// of each call's median p99 and p99.9 ends the output.
const RUNS = Number(process.env.RUNS ?? 2);
// Without RATES, each call's rate is half the baseline's saturation, measured first (autocannon,
// 50 connections, 3 s), so any set of bench/calls/ runs without knowing its figures.
const RATES = process.env.RATES?.split(',').map(Number);
const TRACE_FILE = process.env.TRACE_FILE ?? path.join(tmpdir(), 'fixed-load-gc.log');
const TARGETS = (process.env.TARGETS ?? 'portal').split(',');
const SAMPLE_MS = Number(process.env.SAMPLE_MS ?? 100);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-fixed-load-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const LOOP_FILE = path.join(dataDir, 'loop-gaps.txt');
// PRODUCTION=1: the portal as in production (no zod check of each answer), its users signed in on a
// development start first; otherwise a development start, as the figures before 2026-11-27.
const PRODUCTION = process.env.PRODUCTION === '1';
const portalOptions = {
  port: PORT,
  databaseUrl: DATABASE_URL,
  dataDir,
  // PORTAL_FLAGS: more flags for the portal's node (e.g. '--max-semi-space-size=32'), to try a setting.
  nodeFlags: ['--trace-gc', ...flagsOf('PORTAL_FLAGS')],
  stdout: openSync(TRACE_FILE, 'w'),
  preload: path.join(here, 'loop-watch.mjs'),
  env: { LOOP_WATCH_FILE: LOOP_FILE },
};
const { portal, tokens } = PRODUCTION
  ? await signInThenRestart({ ...portalOptions, production: true }, SET.emails, login)
  : { portal: await startPortal(portalOptions), tokens: undefined };
const baseline = TARGETS.includes('baseline')
  ? await startBaseline({
      port: PORT + 1,
      databaseUrl: DATABASE_URL,
      // BASELINE_FLAGS: flags for the baseline's node, as PORTAL_FLAGS (e.g. '--cpu-prof --cpu-prof-dir=...').
      nodeFlags: ['--trace-gc', ...flagsOf('BASELINE_FLAGS')],
      stdout: openSync(`${TRACE_FILE}.baseline`, 'w'),
      preload: path.join(here, 'loop-watch.mjs'),
      env: { LOOP_WATCH_FILE: LOOP_FILE, LOOP_WATCH_LABEL: 'baseline' },
    })
  : undefined;
const loopGaps = () =>
  existsSync(LOOP_FILE)
    ? readFileSync(LOOP_FILE, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(' '))
        .map(([t, late, who]) => [Number(t), Number(late), who])
    : [];

/** The `count` processes with the most ms in `key` ('ran' or 'waited') over these samples, summed per process name. */
function busiest(samples, key, count) {
  const total = {};
  for (const x of samples) for (const [name, ms] of Object.entries(x[key])) total[name] = (total[name] ?? 0) + ms;
  return Object.entries(total)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(', ');
}

/**
 * Each stall of a run (slow requests, over 30 ms, whose due moments lie within 100 ms of each
 * other) beside what happened from 200 ms before it to its end: the portal's event-loop delays, the
 * kernel's CPU and I/O pressure, PostgreSQL's active statements and waits, its background work.
 */
function reportStalls(slow, samples, runStart) {
  slow.sort((a, b) => a[0] - b[0]);
  const stalls = [];
  for (const [at, latency] of slow) {
    const last = stalls.at(-1);
    if (last && at - last.end < 100) {
      last.end = Math.max(last.end, at);
      last.n += 1;
      last.worst = Math.max(last.worst, latency);
    } else stalls.push({ start: at, end: at, n: 1, worst: latency });
  }
  const gaps = loopGaps();
  for (const s of stalls) {
    const from = s.start - 200;
    const to = s.end + s.worst;
    const inWindow = (t) => t >= from && t <= to;
    const g = gaps
      .filter(([t]) => inWindow(t))
      .map(([t, late, who]) => `${who} ${late} ms at +${Math.round(t - runStart)}`);
    const near = samples.filter((x) => inWindow(x.at));
    const cpu = near.map((x) => Math.round(x.cpuMs)).join(' ');
    const io = near.map((x) => Math.round(x.ioMs)).join(' ');
    const stolen = near.reduce((a, x) => a + x.stealMs, 0);
    const active = near.map((x) => x.active).join(' ');
    const waits = [...new Set(near.flatMap((x) => x.waits))].join(', ') || 'none';
    const bg = [...new Set(near.flatMap((x) => x.background))].join(', ') || 'none';
    const span = near.length ? near.at(-1).at - near[0].at + near.at(-1).ms : 0;
    console.log(
      `  stall at +${Math.round(s.start - runStart)} ms: ${s.n} requests over 30 ms in ${Math.round(s.end - s.start)} ms, worst ${s.worst.toFixed(1)} ms\n` +
        `    event-loop delays of the servers: ${g.join(', ') || 'none over 20 ms'}\n` +
        `    per ${SAMPLE_MS} ms from 200 ms before: CPU pressure ms [${cpu}], I/O pressure ms [${io}], active statements [${active}]\n` +
        `    PostgreSQL waits: ${waits}; background: ${bg}\n` +
        `    in those ${span} ms, steal ${stolen} ms; ms on a core: ${busiest(near, 'ran', 6)}\n` +
        `    ms waiting for a core: ${busiest(near, 'waited', 6)}`,
    );
  }
}
const calls = onlyNamed(tokens ? await SET.calls(portal.url, tokens) : await SET.list(portal.url));
const rates = RATES ?? (await halfSaturation(calls));
const summary = [];
const cases = calls.map((c, i) => [`${c.call} ${c.role}`, c.token, c.path, rates[i]]);
for (const [name, token, p, rate] of cases) {
  const urls = { portal: `${portal.url}/api${p}`, baseline: `${baseline?.url}${p}` };
  const headers = { authorization: `Bearer ${token}` };
  for (const target of TARGETS) await openLoop({ url: urls[target], headers, rate, duration: 2 });
  // RUNS runs each, the targets taking turns.
  const runs = Object.fromEntries(TARGETS.map((t) => [t, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const target of TARGETS) {
      const h = monitorEventLoopDelay({ resolution: 5 });
      h.enable();
      const sampler = await startSampler(DATABASE_URL, SAMPLE_MS);
      const runStart = Date.now();
      const r = await openLoop({ url: urls[target], headers, rate, duration: DURATION });
      await sampler.stop();
      h.disable();
      console.log(
        `${target} ${name} at ${rate}/s run ${i + 1}: p50 ${r.p50} p99 ${r.p99} p99.9 ${r.p999} max ${r.max} ms (${r.errors} errors); generator event-loop delay max ${(h.max / 1e6).toFixed(1)} ms`,
      );
      // The whole run's use of the machine: who ran, the steal, the CPU pressure.
      const all = sampler.samples;
      const secs = (all.at(-1).at - all[0].at) / 1000;
      console.log(
        `  in the run (${secs.toFixed(1)} s): ms on a core ${busiest(all, 'ran', 4)}; steal ${all.reduce((a, x) => a + x.stealMs, 0)} ms; CPU pressure ${Math.round(all.reduce((a, x) => a + x.cpuMs, 0))} ms`,
      );
      reportStalls(r.slow, sampler.samples, runStart);
      runs[target].push(r);
    }
  }
  summary.push([name, rate, runs]);
}
// Each call's p99 and p99.9 as the median of its runs: a stall of the machine lands in one run of
// one target, and the median of several runs leaves it out, where the figures of one run follow it.
if (TARGETS.length === 2 && RUNS > 2) {
  console.log(
    `\n| call | rate | p99, median of ${RUNS} runs: ${TARGETS.join(' / ')} | ratio | p99.9: ${TARGETS.join(' / ')} | ratio |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const [name, rate, runs] of summary) {
    const [a, b] = TARGETS.map((t) => [median(runs[t].map((r) => r.p99)), median(runs[t].map((r) => r.p999))]);
    console.log(
      `| ${name} | ${rate}/s | ${a[0].toFixed(1)} / ${b[0].toFixed(1)} | ${(a[0] / b[0]).toFixed(2)} | ${a[1].toFixed(1)} / ${b[1].toFixed(1)} | ${(a[1] / b[1]).toFixed(2)} |`,
    );
  }
}
// Each server's garbage collector over the whole run (its warm-ups included): how many scavenges
// and mark-compacts, their pauses' median, p99 and maximum, and their pauses' sum.
for (const [target, file] of [
  ['portal', TRACE_FILE],
  ['baseline', `${TRACE_FILE}.baseline`],
]) {
  if (!TARGETS.includes(target)) continue;
  const trace = readFileSync(file, 'utf8');
  for (const kind of ['Scavenge', 'Mark-Compact']) {
    const pauses = [...trace.matchAll(new RegExp(`${kind}[^,]*, ([0-9.]+) / [0-9.]+ ms`, 'g'))]
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    if (!pauses.length) continue;
    const at = (q) => pauses[Math.min(pauses.length - 1, Math.floor(q * pauses.length))];
    const sum = pauses.reduce((a, x) => a + x, 0);
    console.log(
      `${target} ${kind}: ${pauses.length}, pauses p50 ${at(0.5)} p99 ${at(0.99)} max ${pauses.at(-1)} ms, ${Math.round(sum)} ms in all`,
    );
  }
}
process.exit(0);

/** Half the baseline's req/s at 50 connections for each call (a baseline started for it if need be). */
async function halfSaturation(list) {
  const base = baseline ?? (await startBaseline({ port: PORT + 1, databaseUrl: DATABASE_URL }));
  const rates = [];
  for (const c of list) {
    const r = await autocannon({
      url: `${base.url}${c.path}`,
      connections: 50,
      duration: 3,
      headers: { authorization: `Bearer ${c.token}` },
    });
    rates.push(Math.round(r.requests.total / 3 / 2));
  }
  if (!baseline) base.child.kill('SIGTERM');
  console.log(`rates (half the baseline's saturation): ${rates.join(',')}`);
  return rates;
}
