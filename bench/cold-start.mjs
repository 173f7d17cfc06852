/**
 * Cold start of `npm start` on an existing data directory: the time from spawning `npm start` to the
 * first answer of /api/health, five times, on a copy of DATA_DIR seeded by a first run.
 *
 *   node bench/cold-start.mjs          (PORT=... to use another port than 3104)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstAnswer } from './portal.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cold-'));
const PORT = process.env.PORT || '3104';

async function startOnce() {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
    detached: true,
  });
  await firstAnswer(`http://127.0.0.1:${PORT}/api/health`, { everyMs: 10, child });
  const ms = performance.now() - started;
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.on('exit', r));
  return ms;
}

const first = await startOnce();
console.log(`first start (creates and seeds the data directory): ${first.toFixed(0)} ms`);
const runs = [];
for (let i = 0; i < 5; i++) runs.push(await startOnce());
runs.sort((a, b) => a - b);
console.log(
  `existing data directory, 5 runs: ${runs.map((r) => r.toFixed(0)).join(', ')} ms; median ${runs[2].toFixed(0)} ms`,
);
rmSync(dataDir, { recursive: true, force: true });
