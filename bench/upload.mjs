/**
 * A 150 MB upload to POST /api/jobdocuments against the portal on PostgreSQL: its throughput beside
 * dd writing the same bytes, and how much the server's resident memory grows meanwhile (sampled
 * from /proc every 20 ms). Run `npm run generate -w bench` first (it creates the demo accounts).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run upload -w bench
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { login } from './login.mjs';

const execFileAsync = promisify(execFile);

const here = path.dirname(fileURLToPath(import.meta.url));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const MB = Number(process.env.UPLOAD_MB ?? 150);
const PORTAL = 'http://127.0.0.1:3103';
const dir = mkdtempSync(path.join(tmpdir(), 'portal-upload-'));
const big = path.join(dir, 'big.bin');
// Random bytes, written in 1 MB pieces so this script does not hold the file either.
for (let i = 0; i < MB; i++) writeFileSync(big, randomBytes(1_000_000), { flag: i === 0 ? 'w' : 'a' });

const server = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
  cwd: path.join(here, '../apps/server'),
  env: {
    ...process.env,
    DATABASE_URL,
    PORT: '3103',
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '1000',
    SEED_DEMO: 'false',
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
  if (i > 120) throw new Error('the portal did not start');
  await new Promise((r) => setTimeout(r, 500));
}

const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]);
const token = await login(PORTAL, 'ar@portal.test');
const jobs = await (await fetch(`${PORTAL}/api/jobs?role=AR`, { headers: { authorization: `Bearer ${token}` } })).json();
const jobId = jobs.data[0].id;

/**
 * curl streams the multipart body from disk in C, so the client takes little of the two cores the
 * server runs on; CLIENT=fetch uses Node's fetch (undici builds the body in JavaScript) instead.
 */
async function upload(name) {
  const started = performance.now();
  let status;
  let body;
  if ((process.env.CLIENT ?? 'curl') === 'curl') {
    // Asynchronous, so the RSS sampler keeps running while the file goes up.
    const { stdout: out } = await execFileAsync('curl', [
      '-sS', '-w', '\n%{http_code}', '-H', `authorization: Bearer ${token}`, '-H', 'Expect:',
      '-F', `jobId=${jobId}`, '-F', 'role=AR', '-F', 'description=Upload benchmark',
      '-F', `file=@${big};filename=${name}`, `${PORTAL}/api/jobdocuments`,
    ]);
    const cut = out.lastIndexOf('\n');
    status = Number(out.slice(cut + 1));
    body = JSON.parse(out.slice(0, cut));
  } else {
    const form = new FormData();
    form.append('jobId', String(jobId));
    form.append('role', 'AR');
    form.append('description', 'Upload benchmark');
    form.append('file', await openAsBlob(big), name);
    const res = await fetch(`${PORTAL}/api/jobdocuments`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    status = res.status;
    body = await res.json();
  }
  const seconds = (performance.now() - started) / 1000;
  if (status !== 200) throw new Error(`${status} ${JSON.stringify(body)}`);
  return seconds;
}

await upload(`warm-up-${Date.now()}.bin`);
global.gc?.();
await new Promise((r) => setTimeout(r, 1000));
const before = rssKb();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rssKb())), 20);
// The median of three uploads; the sampler covers all three.
const times = [];
for (let i = 0; i < 3; i++) times.push(await upload(`bench-${Date.now()}-${i}.bin`));
const seconds = times.sort((a, b) => a - b)[1];
clearInterval(sampler);
peak = Math.max(peak, rssKb());

// dd varies run to run (page cache, disk): the median of five.
const dd = (extra) => {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const out = path.join(dir, 'dd.out');
    const started = performance.now();
    execFileSync('dd', [`if=${big}`, `of=${out}`, 'bs=1M', ...extra], { stdio: 'ignore' });
    runs.push((performance.now() - started) / 1000);
    rmSync(out);
  }
  return runs.sort((a, b) => a - b)[2];
};
const ddPlain = dd([]);
const ddSync = dd(['conv=fsync']);
const rate = (s) => `${(MB / s).toFixed(0)} MB/s`;
console.log(`\n${MB} MB upload to POST /api/jobdocuments (PostgreSQL, local disk storage)\n`);
console.log('| measure | value |');
console.log('|---|---|');
console.log(`| upload | ${seconds.toFixed(2)} s, ${rate(seconds)} |`);
console.log(`| dd bs=1M (page cache) | ${ddPlain.toFixed(2)} s, ${rate(ddPlain)}; upload / dd = ${(ddPlain / seconds).toFixed(2)} |`);
console.log(`| dd bs=1M conv=fsync | ${ddSync.toFixed(2)} s, ${rate(ddSync)}; upload / dd = ${(ddSync / seconds).toFixed(2)} |`);
console.log(`| server RSS before / peak | ${(before / 1024).toFixed(0)} MB / ${(peak / 1024).toFixed(0)} MB: growth ${((peak - before) / 1024).toFixed(1)} MB |`);
process.exit(0);
