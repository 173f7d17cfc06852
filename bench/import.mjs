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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { login } from './login.mjs';
import { freshDatabase, startPortal } from './portal.mjs';

const ROWS = Number(process.env.ROWS ?? 50_000);
const PORT = process.env.PORT ?? '3106';
const DATABASE_URL = process.env.DATABASE_URL ?? '';
const dir = mkdtempSync(path.join(tmpdir(), 'portal-import-'));

if (DATABASE_URL) await freshDatabase(DATABASE_URL);

const STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'];
const lines = ['facility_number,name,billing_email,address,suburb,post_code,state,country,contacts'];
for (let i = 1; i <= ROWS; i++) {
  lines.push(
    `${100000 + i},Bench Laboratory ${i},accounts${i}@bench.test,"${i} Long Street, Level ${i % 40}",Suburb ${i % 700},${2000 + (i % 999)},${STATES[i % 8]},Australia,Ann Lee|02 5555 ${String(i % 10000).padStart(4, '0')}; Bo Tan|03 5555 0001`,
  );
}
const csv = `${lines.join('\n')}\n`;

const portal = await startPortal({
  port: PORT,
  databaseUrl: DATABASE_URL,
  dataDir: path.join(dir, 'data'),
  seedDemo: true,
});
const PORTAL = portal.url;
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const rssMb = () => portal.rssKb() / 1024;
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
console.log(
  `server RSS: before ${rssBefore.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (growth ${(peak - rssBefore).toFixed(0)} MB)`,
);
console.log(
  `/api/health during the import: ${health.length} answers, median ${p(0.5).toFixed(0)} ms, p99 ${p(0.99).toFixed(0)} ms, max ${health.at(-1).toFixed(0)} ms`,
);
process.exit(0);
