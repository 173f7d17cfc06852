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
 * `count` requests one at a time, portal and baseline in turn, `pathOf(term)` over `terms` in
 * turn; answers each side's median, p90 and p99 in ms. Each term is asked of both once first,
 * untimed, and the side asked first changes at every request: before 2026-11-30 the portal was
 * always first, so each term's first, cold read of PostgreSQL's pages fell to it, and its p99 (the
 * second slowest of 200) was those reads. `VERBOSE=1` prints each side's five slowest with their term.
 */
export async function timeOneAtATime({ portal, baseline, headers, count, terms, pathOf }) {
  // Each side's answers as [ms, term].
  const answers = { portal: [], baseline: [] };
  const ask = async (side, path) => {
    const url = side === 'portal' ? `${portal}/api${path}` : `${baseline}${path}`;
    const s = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${side} ${path}: ${res.status}`);
    return performance.now() - s;
  };
  for (const term of terms) for (const side of ['portal', 'baseline']) await ask(side, pathOf(term));
  for (let i = 0; i < count; i++) {
    const term = terms[i % terms.length];
    for (const side of i % 2 === 0 ? ['portal', 'baseline'] : ['baseline', 'portal']) {
      answers[side].push([await ask(side, pathOf(term)), term]);
    }
  }
  if (process.env.VERBOSE === '1')
    for (const [side, list] of Object.entries(answers))
      console.log(
        `${side}'s five slowest: ${[...list]
          .sort((a, b) => b[0] - a[0])
          .slice(0, 5)
          .map(([ms, term]) => `${ms.toFixed(1)} ms (${term})`)
          .join(', ')}`,
      );
  const pct = (list, p) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
  };
  return Object.fromEntries(
    Object.entries(answers).map(([side, pairs]) => {
      const list = pairs.map(([ms]) => ms);
      return [side, { median: pct(list, 50), p90: pct(list, 90), p99: pct(list, 99) }];
    }),
  );
}
