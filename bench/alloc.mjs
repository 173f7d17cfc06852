/**
 * Bytes allocated per request (issue 14), portal beside the baseline, from V8's own GC trace: both
 * servers run with --trace-gc-nvp, whose every line says how much was `allocated` since the GC
 * before; the sum over the lines that a fixed number of requests caused, divided by that number,
 * is the allocation per request (the bytes between the window's edges and the next GC are a
 * rounding error over REQUESTS requests). Same calls and data as load.mjs (npm run generate).
 * Beside it, the bytes a request left to the old generation: the scavenges' `promoted=` summed the
 * same way. What survives two scavenges is kept until a full collection, so this decides how often
 * those run (a spread followed by keys promoted a hidden class a call, bench/README.md 2026-11-30).
 *
 *   CALLS=jobs (a set of bench/calls/, on its own database unless DATABASE_URL is set) node bench/alloc.mjs
 *   REQUESTS=20000 CONNECTIONS=10 PORT=3121 (defaults; the baseline listens on PORT + 1), PRODUCTION=1 (as in production), ONLY=call[:ROLE],... as ratio.mjs,
 *   PORTAL_FLAGS='--a-v8-flag' (more node flags for the portal)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { callSet, onlyNamed, shownPath } from './calls/index.mjs';
import { login } from './login.mjs';
import { baselineEntry, flagsOf, here, signInThenRestart, startPortal, waitFor } from './portal.mjs';

const SET = await callSet();
const DATABASE_URL = SET.databaseUrl;
const REQUESTS = Number(process.env.REQUESTS ?? 20000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const PORT = Number(process.env.PORT ?? 3121);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-alloc-'));

/** Sums `allocated=` over the GC lines of a child's standard output, and the scavenges' `promoted=`, from a mark on. */
function gcMeter(stream) {
  let total = 0;
  let promoted = 0;
  let buffered = '';
  stream.on('data', (chunk) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) {
      const p = / gc=s .* promoted=(\d+)/.exec(line);
      if (p && Number(p[1]) < 2 ** 48) promoted += Number(p[1]);
      const m = / allocated=(\d+)/.exec(line);
      if (!m) continue;
      // A size_t that wrapped below zero: V8 prints the allocation since the last GC as about
      // 2^64 (seen once, 2026-11-24: the jobs AR figure came out as 9e11 kB a request); it says
      // nothing about the requests, so it is reported and left out.
      if (Number(m[1]) > 2 ** 48) console.error(`left out a GC line with allocated=${m[1]}: ${line.slice(0, 120)}`);
      else total += Number(m[1]);
    }
  });
  return { mark: () => total, promoted: () => promoted };
}

// PRODUCTION=1: the portal as in production (no zod check of each answer, which allocates too), its
// users signed in on a development start first; otherwise a development start, as before 2026-11-27.
const PRODUCTION = process.env.PRODUCTION === '1';
// PORTAL_FLAGS: more node flags for the portal (a V8 setting to try), as in ratio.mjs.
const portalOptions = {
  port: PORT,
  databaseUrl: DATABASE_URL,
  dataDir,
  nodeFlags: ['--trace-gc-nvp', ...flagsOf('PORTAL_FLAGS')],
  stdout: 'pipe',
};
const { portal, tokens } = PRODUCTION
  ? await signInThenRestart({ ...portalOptions, production: true }, SET.emails, login)
  : { portal: await startPortal(portalOptions), tokens: undefined };
const portalGc = gcMeter(portal.child.stdout);
const baseline = spawn(process.execPath, ['--trace-gc-nvp', ...(await baselineEntry())], {
  cwd: here,
  env: { ...process.env, DATABASE_URL, PORT: String(PORT + 1) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const baselineGc = gcMeter(baseline.stdout);
process.on('exit', () => {
  baseline.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});
await waitFor(`http://127.0.0.1:${PORT + 1}/jobs`);

const cases = (tokens ? await SET.calls(portal.url, tokens) : await SET.list(portal.url)).map((c) => [
  c.role,
  c.token,
  c.path,
  c.call,
]);

function run(url, token, amount) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, amount, headers: { authorization: `Bearer ${token}` } }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
  });
}

console.log(
  `\n${REQUESTS} requests per call and server, ${CONNECTIONS} connections; bytes allocated per request from --trace-gc-nvp\n`,
);
console.log(
  '| call | as | portal kB/request | baseline kB/request | portal / baseline | promoted B/request, portal / baseline |',
);
console.log('|---|---|---|---|---|---|');
for (const [role, token, p, call] of cases.filter(([role, , , call]) => onlyNamed([{ role, call }]).length > 0)) {
  const perRequest = {};
  const promotedPerRequest = {};
  for (const [label, url, gc] of [
    ['portal', `${portal.url}/api${p}`, portalGc],
    ['baseline', `http://127.0.0.1:${PORT + 1}${p}`, baselineGc],
  ]) {
    await run(url, token, 2000); // warm-up: compiled code, prepared statements
    const before = gc.mark();
    const promotedBefore = gc.promoted();
    const r = await run(url, token, REQUESTS);
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label} ${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    perRequest[label] = (gc.mark() - before) / REQUESTS;
    promotedPerRequest[label] = (gc.promoted() - promotedBefore) / REQUESTS;
  }
  console.log(
    `| GET /api${shownPath(p)}${call ? ` (${call})` : ''} | ${role} | ${(perRequest.portal / 1024).toFixed(1)} | ${(perRequest.baseline / 1024).toFixed(1)} | ${(perRequest.portal / perRequest.baseline).toFixed(2)} | ${promotedPerRequest.portal.toFixed(0)} / ${promotedPerRequest.baseline.toFixed(0)} |`,
  );
}
process.exit(0);
