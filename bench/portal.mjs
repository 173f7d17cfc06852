/**
 * Starting the portal for a benchmark: from the TypeScript sources (tsx), on 127.0.0.1, with the
 * development mailbox (so login.mjs can read codes) and rate limits lifted. One place, so the load,
 * upload and import runs start it the same way.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The node flags of the repository's `npm start` line (package.json), which production runs with:
 * a benchmark's portal started as in production gets them too.
 */
export const START_FLAGS = JSON.parse(readFileSync(path.join(here, '../package.json'), 'utf8'))
  .scripts.start.match(/node (.*?)\s*scripts\/start\.mjs/)[1]
  .split(' ')
  .filter(Boolean);

/** Node flags given in an environment variable (PORTAL_FLAGS, BASELINE_FLAGS), split at spaces. */
export const flagsOf = (name) => process.env[name]?.split(' ').filter(Boolean) ?? [];

/** The node arguments that run a TypeScript entry under tsx, `preload` loaded first. */
const fromSource = (entry, preload) => [
  '--import',
  'tsx',
  '--conditions=source',
  ...(preload ? ['--import', preload] : []),
  entry,
];

const BUNDLE = path.join(here, '../apps/server/dist/bundle/main.js');

/** The newest modification time under `dir`, in ms (node_modules and dist left out). */
function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The server's bundle, refused when it is missing or older than a source file of the server or of
 * packages/shared: a production run measures what `npm run build` made, so a stale bundle would
 * measure yesterday's code.
 */
function freshBundle() {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm run build first`);
  const built = statSync(BUNDLE).mtimeMs;
  for (const dir of ['../apps/server/src', '../packages/shared/src']) {
    if (newestUnder(path.join(here, dir)) > built)
      throw new Error(
        `the server's bundle is older than ${dir.slice(3)}: run npm run build first (or PORTAL_FROM=source)`,
      );
  }
  return BUNDLE;
}

/** Waits until `url` answers below 500 (tries every 500 ms, up to `tries` times). */
export async function waitFor(url, tries = 240) {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Asks `url` every `everyMs` until it answers 2xx, for timing a start (waitFor asks every 500 ms);
 * throws if `child` (the process starting) exits first.
 */
export async function firstAnswer(url, { everyMs, child }) {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before ${url} answered`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Drops and creates the database of `url` (a benchmark that wants a fresh one). */
export async function freshDatabase(url) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

/**
 * Starts the server on `port` and waits for /api/health. `databaseUrl` '' is PGlite in
 * `dataDir`. `preload` is a module loaded before the server (record-sql.mjs). `production`: as in
 * production (no development mailbox: sign in through a development start first,
 * `signInThenRestart`): the built bundle under plain node with npm start's node flags (START_FLAGS),
 * or from the sources under tsx with PORTAL_FROM=source. `nodeFlags` go to node after
 * those, before the rest (alloc.mjs: --trace-gc-nvp); `stdout` 'pipe' hands the child's standard
 * output to the caller. `workers` > 1: that many processes behind the one port (cluster.mjs;
 * `nodeFlags` and `preload` then do not apply). Answers the child process, its base URL, the address
 * it writes into links (`appUrl`, its APP_URL) and a reader of its resident memory in kB; the child
 * is stopped on exit.
 */
export async function startPortal({
  port,
  databaseUrl = '',
  dataDir,
  seedDemo = false,
  env = {},
  preload,
  production = false,
  nodeFlags = [],
  stdout = 'inherit',
  workers = 1,
}) {
  const args =
    workers > 1
      ? [path.join(here, 'cluster.mjs')]
      : production && process.env.PORTAL_FROM !== 'source'
        ? // As npm start runs it: the server's bundle under plain node, without tsx's loader hooks,
          // its transformed sources and their source maps (which the portal's heap held under tsx).
          [...START_FLAGS, ...nodeFlags, ...(preload ? ['--import', preload] : []), freshBundle()]
        : [...(production ? START_FLAGS : []), ...nodeFlags, ...fromSource('src/main.ts', preload)];
  const child = spawn(process.execPath, args, {
    cwd: path.join(here, '../apps/server'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: production ? 'production' : 'development',
      // Production wants a mail server; nothing is mailed during a load run.
      ...(production ? { MAIL_URL: 'smtp://127.0.0.1:9' } : {}),
      // PORTAL_LOG_LEVEL=info: production's default level (a line for each request), to measure its cost.
      LOG_LEVEL: process.env.PORTAL_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_FACTOR: '1000000',
      // Answers written as production writes them (no zod check of each answer first).
      CHECK_RESPONSES: 'false',
      SEED_DEMO: seedDemo ? 'true' : 'false',
      DATA_DIR: dataDir,
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      WORKERS: String(workers),
      // Said outright, so a baseline writing the same links (the ICS feed's) can be given it.
      APP_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  stopOnExit(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]);
  return { child, url, rssKb, appUrl: env.APP_URL ?? `http://localhost:${port}` };
}

/**
 * The servers this process started and that are still running, stopped when it exits. One listener
 * for all of them: a listener each left every one a run ever started referenced, and a run of every
 * set (`CALLS=all`) passed Node's limit of ten listeners, with its warning.
 */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});
function stopOnExit(child) {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/**
 * baseline.mjs bundled by esbuild into bench/dist/ (its imports of the portal's TypeScript sources
 * inlined, npm packages left to node_modules), so that it runs under plain node as the portal's
 * bundle does: under tsx each server's heap also held tsx's transformed sources and source maps
 * (the portal's 12 MB more than its bundle's). Built once per bench process.
 */
let baselineBundle;
async function bundledBaseline() {
  baselineBundle ??= (async () => {
    const { build } = await import('esbuild');
    const outfile = path.join(here, 'dist/baseline.mjs');
    await build({
      entryPoints: [path.join(here, 'baseline.mjs')],
      outfile,
      bundle: true,
      packages: 'external',
      format: 'esm',
      platform: 'node',
      target: 'node20',
      conditions: ['source'],
      logLevel: 'warning',
    });
    return outfile;
  })();
  return baselineBundle;
}

/**
 * Starts baseline.mjs (bare Fastify + raw pg running the portal's SQL) on `port`, bundled (above)
 * under plain node, or from its sources under tsx with BASELINE_FROM=source, and waits until it
 * answers; stopped on exit. `stdout` as startPortal's (fixed-load.mjs: a file for its --trace-gc).
 */
export async function startBaseline({ port, databaseUrl, nodeFlags = [], preload, env = {}, stdout = 'inherit' }) {
  const args = [...nodeFlags, ...(await baselineEntry(preload))];
  const child = spawn(process.execPath, args, {
    cwd: here,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  stopOnExit(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/jobs`);
  return { child, url };
}

/**
 * The node arguments that run the baseline after any node flags: the bundle, or tsx and the source
 * with BASELINE_FROM=source; `preload` loaded first.
 */
export async function baselineEntry(preload) {
  if (process.env.BASELINE_FROM === 'source') return fromSource(path.join(here, 'baseline.mjs'), preload);
  return [...(preload ? ['--import', preload] : []), await bundledBaseline()];
}

/**
 * Signs `emails` in on a development start of the portal (codes from its mailbox), stops it, and
 * starts it again as in production when `production` (the sessions live in the database). Answers
 * the running portal and the tokens in the order of `emails`.
 */
export async function signInThenRestart(options, emails, login) {
  let portal = await startPortal({ ...options, production: false });
  const tokens = [];
  for (const email of emails) tokens.push(await login(portal.url, email));
  if (options.production) {
    const exited = new Promise((resolve) => portal.child.once('exit', resolve));
    portal.child.kill('SIGTERM');
    await exited;
    portal = await startPortal(options);
  }
  return { portal, tokens };
}
