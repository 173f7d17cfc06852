/**
 * The load runs' shared part (forum-load, meetings-load, publications-load): each call against the
 * portal and then the baseline (autocannon, a 2 s warm-up, then `duration` seconds), and a call
 * timed one request at a time. load.mjs keeps its own loop (a token per call, a fixed-rate pass).
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';

function run(url, { connections, duration, headers }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

/**
 * `cases`: [label, path] pairs; the portal answers `${portal}/api${path}`, the baseline
 * `${baseline}${path}`. Timeouts (autocannon's errors) are counted when `allowTimeouts`, else fatal.
 * Answers rows { label, path, portal, baseline, ratio }, each side { rps, p50, p99, errors, load }.
 */
export async function compareLoad(cases, { portal, baseline, headers, connections, duration, allowTimeouts = false }) {
  const rows = [];
  for (const [label, path] of cases) {
    const result = {};
    for (const [side, url] of [
      ['portal', `${portal}/api${path}`],
      ['baseline', `${baseline}${path}`],
    ]) {
      await run(url, { connections, duration: 2, headers }); // warm-up
      const before = loadavg()[0];
      const r = await run(url, { connections, duration, headers });
      if (r.non2xx > 0 || (r.errors > 0 && !allowTimeouts))
        throw new Error(`${side} ${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      result[side] = {
        rps: r.requests.average,
        p99: r.latency.p99,
        p50: r.latency.p50,
        errors: r.errors,
        load: `${before.toFixed(1)}-${loadavg()[0].toFixed(1)}`,
      };
    }
    rows.push({ label, path, ...result, ratio: result.portal.rps / result.baseline.rps });
  }
  return rows;
}

/** The markdown rows of compareLoad's answer (call, req/s and p50 / p99 of each side, the ratio). */
export function loadTable(rows) {
  return [
    '| call | portal req/s | portal p50 / p99 ms | baseline req/s | baseline p50 / p99 ms | portal / baseline |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.portal.rps.toFixed(0)} | ${r.portal.p50} / ${r.portal.p99} | ${r.baseline.rps.toFixed(0)} | ${r.baseline.p50} / ${r.baseline.p99} | ${r.ratio.toFixed(2)} |`,
    ),
  ].join('\n');
}

/**
 * `count` requests one at a time, alternating portal and baseline, `pathOf(term)` over `terms` in
 * turn; answers each side's median, p90 and p99 in ms.
 */
export async function timeOneAtATime({ portal, baseline, headers, count, terms, pathOf }) {
  const times = { portal: [], baseline: [] };
  for (let i = 0; i < count; i++) {
    const path = pathOf(terms[i % terms.length]);
    for (const [side, url] of [
      ['portal', `${portal}/api${path}`],
      ['baseline', `${baseline}${path}`],
    ]) {
      const s = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${side} ${path}: ${res.status}`);
      times[side].push(performance.now() - s);
    }
  }
  const pct = (list, p) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
  };
  return Object.fromEntries(
    Object.entries(times).map(([side, list]) => [
      side,
      { median: pct(list, 50), p90: pct(list, 90), p99: pct(list, 99) },
    ]),
  );
}
