/**
 * A 150 MB upload to POST /api/jobdocuments against the portal on PostgreSQL: its throughput beside
 * a bare Node server piping the same upload to a file (same client, same run) and dd writing the same bytes, and how much the server's resident memory grows meanwhile (sampled
 * from /proc every 20 ms). Run `npm run generate -w bench` first (it creates the demo accounts).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run upload -w bench
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { login } from './login.mjs';
import { startPortal } from './portal.mjs';

const execFileAsync = promisify(execFile);

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const MB = Number(process.env.UPLOAD_MB ?? 150);
const dir = mkdtempSync(path.join(tmpdir(), 'portal-upload-'));
const big = path.join(dir, 'big.bin');
// Random bytes, written in 1 MB pieces so this script does not hold the file either.
for (let i = 0; i < MB; i++) writeFileSync(big, randomBytes(1_000_000), { flag: i === 0 ? 'w' : 'a' });

const portal = await startPortal({ port: 3103, databaseUrl: DATABASE_URL, dataDir: path.join(dir, 'data') });
const PORTAL = portal.url;
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const rssKb = portal.rssKb;
const token = await login(PORTAL, 'ar@portal.test');
const jobs = await (
  await fetch(`${PORTAL}/api/jobs?role=AR`, { headers: { authorization: `Bearer ${token}` } })
).json();
const jobId = jobs.data[0].id;

/**
 * curl streams the multipart body from disk in C, so the client takes little of the two cores the
 * server runs on; CLIENT=fetch uses Node's fetch (undici builds the body in JavaScript) instead.
 */
async function upload(name, target = `${PORTAL}/api/jobdocuments`) {
  const started = performance.now();
  let status;
  let body;
  if ((process.env.CLIENT ?? 'curl') === 'curl') {
    // Asynchronous, so the RSS sampler keeps running while the file goes up.
    const { stdout: out } = await execFileAsync('curl', [
      '-sS',
      '-w',
      '\n%{http_code}',
      '-H',
      `authorization: Bearer ${token}`,
      '-H',
      'Expect:',
      '-F',
      `jobId=${jobId}`,
      '-F',
      'role=AR',
      '-F',
      'description=Upload benchmark',
      '-F',
      `file=@${big};filename=${name}`,
      target,
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
    const res = await fetch(target, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
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

// The same client against a bare Node server that pipes the request body to a file: the most any
// HTTP upload can do on this machine, measured in this run so the ratio is not across runs.
const pipeServer = createServer((req, res) => {
  pipeline(req, createWriteStream(path.join(dir, 'pipe.out')))
    .then(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'))
    .catch(() => res.writeHead(500).end('{}'));
});
await new Promise((r) => pipeServer.listen(0, '127.0.0.1', r));
const pipeUrl = `http://127.0.0.1:${pipeServer.address().port}/`;
await upload('warm-up.bin', pipeUrl);
const pipeTimes = [];
for (let i = 0; i < 3; i++) pipeTimes.push(await upload(`pipe-${i}.bin`, pipeUrl));
const pipeSeconds = pipeTimes.sort((a, b) => a - b)[1];
pipeServer.close();

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
console.log(
  `| bare Node pipe to a file, same client | ${pipeSeconds.toFixed(2)} s, ${rate(pipeSeconds)}; upload / pipe = ${(pipeSeconds / seconds).toFixed(2)} |`,
);
console.log(
  `| dd bs=1M (page cache) | ${ddPlain.toFixed(2)} s, ${rate(ddPlain)}; upload / dd = ${(ddPlain / seconds).toFixed(2)} |`,
);
console.log(
  `| dd bs=1M conv=fsync | ${ddSync.toFixed(2)} s, ${rate(ddSync)}; upload / dd = ${(ddSync / seconds).toFixed(2)} |`,
);
console.log(
  `| server RSS before / peak | ${(before / 1024).toFixed(0)} MB / ${(peak / 1024).toFixed(0)} MB: growth ${((peak - before) / 1024).toFixed(1)} MB |`,
);
process.exit(0);
