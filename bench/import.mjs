/**
 * The back-office import of a large file: 50,000 facilities (ROWS) posted to
 * POST /api/admin/import/facilities while /api/health is asked every 50 ms. Reports the import's
 * time, the server's peak resident memory (sampled from /proc every 20 ms) and the slowest and
 * 99th-percentile health answers during the import. PGlite in a fresh data directory by default;
 * DATABASE_URL for PostgreSQL (a database of that name is created fresh).
 *
 *   node bench/import.mjs
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_import node bench/import.mjs
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { login } from './login.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.ROWS ?? 50_000);
const PORT = process.env.PORT ?? '3106';
const PORTAL = `http://127.0.0.1:${PORT}`;
const DATABASE_URL = process.env.DATABASE_URL ?? '';
const dir = mkdtempSync(path.join(tmpdir(), 'portal-import-'));

if (DATABASE_URL) {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

const STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'];
const lines = ['facility_number,name,billing_email,address,suburb,post_code,state,country,contacts'];
for (let i = 1; i <= ROWS; i++) {
  lines.push(
    `${100000 + i},Bench Laboratory ${i},accounts${i}@bench.test,"${i} Long Street, Level ${i % 40}",Suburb ${i % 700},${2000 + (i % 999)},${STATES[i % 8]},Australia,Ann Lee|02 5555 ${String(i % 10000).padStart(4, '0')}; Bo Tan|03 5555 0001`,
  );
}
const csv = `${lines.join('\n')}\n`;

const server = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
  cwd: path.join(here, '../apps/server'),
  env: {
    ...process.env,
    DATABASE_URL,
    PORT,
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '1000',
    DATA_DIR: path.join(dir, 'data'),
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.on('exit', () => {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${PORTAL}/api/health`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 240) throw new Error('the portal did not start');
  await new Promise((r) => setTimeout(r, 500));
}

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;
const token = await login(PORTAL, 'admin@portal.test');
await new Promise((r) => setTimeout(r, 1000));
const rssBefore = rssMb();

let importing = true;
let peak = rssBefore;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
const health = [];
const prober = (async () => {
  while (importing) {
    const t0 = performance.now();
    const res = await fetch(`${PORTAL}/api/health`);
    await res.arrayBuffer();
    health.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
})();

const started = performance.now();
const res = await fetch(`${PORTAL}/api/admin/import/facilities`, {
  method: 'POST',
  headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
  body: csv,
});
const body = await res.json();
const seconds = (performance.now() - started) / 1000;
importing = false;
await prober;
clearInterval(sampler);

health.sort((a, b) => a - b);
const p = (q) => health[Math.min(health.length - 1, Math.floor(q * health.length))];
console.log(`database: ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${ROWS} rows, ${(csv.length / 1e6).toFixed(1)} MB`);
console.log(`answer: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
console.log(`import: ${seconds.toFixed(1)} s`);
console.log(`server RSS: before ${rssBefore.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (growth ${(peak - rssBefore).toFixed(0)} MB)`);
console.log(`/api/health during the import: ${health.length} answers, median ${p(0.5).toFixed(0)} ms, p99 ${p(0.99).toFixed(0)} ms, max ${health.at(-1).toFixed(0)} ms`);
process.exit(0);
