/**
 * Two or more builds' cold starts in turns: each given server bundle (`apps/server/dist/bundle/main.js`
 * of a built checkout or worktree) is started directly with node (no npm, whose own start is the same
 * for every build and only adds noise), on one existing data directory, timed from the spawn to the
 * first answer of /api/health, and its process's CPU time at that moment is read (`/proc/<pid>/stat`,
 * all its threads; Linux). The builds take turns start by start, so a change in the machine's speed
 * meets each alike: on a two-core machine five `npm start`s of one build spread by ±150 ms
 * (bench/cold-start.mjs), and turns of single starts told 20-50 ms apart (bench/README.md, 2026-11-30).
 * The data directory is made and seeded by a first start of the first build.
 *
 *   node bench/cold-start-ab.mjs <main.js> <main.js> [...]   (RUNS=10 starts of each, PORT=3105)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstAnswer } from './portal.mjs';
import { median } from './stats.mjs';

const entries = process.argv.slice(2).map((e) => path.resolve(e));
if (entries.length < 2) throw new Error('usage: node bench/cold-start-ab.mjs <main.js> <main.js> [...]');
const RUNS = Number(process.env.RUNS ?? 10);
const PORT = process.env.PORT || '3105';
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cold-ab-'));
// Clock ticks a second of /proc's times: 100 on Linux for x86 and arm.
const TICK_MS = 10;

async function startOnce(entry) {
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    // The checkout's root, as `npm start` runs it (dist/bundle sits three folders down).
    cwd: path.resolve(path.dirname(entry), '../../../..'),
    env: { ...process.env, DATA_DIR: dataDir, PORT, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await firstAnswer(`http://127.0.0.1:${PORT}/api/health`, { everyMs: 5, child });
  const ms = performance.now() - started;
  // Fields 14 and 15 of stat (utime, stime), counted after the command's closing parenthesis.
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const cpuMs = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  child.kill('SIGTERM');
  await exited;
  return { ms, cpuMs };
}

const first = await startOnce(entries[0]);
console.log(`first start (creates and seeds the data directory): ${first.ms.toFixed(0)} ms`);
const results = entries.map(() => ({ ms: [], cpuMs: [] }));
for (let i = 0; i < RUNS; i++)
  for (const [k, entry] of entries.entries()) {
    const r = await startOnce(entry);
    results[k].ms.push(r.ms);
    results[k].cpuMs.push(r.cpuMs);
  }
for (const [k, entry] of entries.entries())
  console.log(
    `${entry}: median ${median(results[k].ms).toFixed(0)} ms to the first answer, CPU ${median(results[k].cpuMs).toFixed(0)} ms; starts ${results[k].ms.map((x) => x.toFixed(0)).join(', ')} ms`,
  );
rmSync(dataDir, { recursive: true, force: true });
