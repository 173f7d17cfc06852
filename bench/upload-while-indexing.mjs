/**
 * Issue 11: do uploads keep their speed while the meetings document indexer runs? One portal on a
 * fresh PostgreSQL database (`portal_bench_upidx`, demo data), ar@ and cm@ signed in. The 150 MB
 * job-document upload of upload.mjs (a file on disk, curl, median of three) is timed
 *   (a) with the indexer idle (no pending meeting document in the database), then
 *   (b) while it is busy: cm@ first uploads `PDFS` (20) PDFs of about 100 pages (`PARAGRAPHS` 2000,
 *       the index's fixture `makePdf`) to a new sub folder of the Chemical Testing Committee, and
 *       each timed upload starts and ends with documents still pending (counted in the database
 *       before and after it; GET /api/docservicehealthcheck must answer true, though it only says
 *       the index loop runs, not that it has work).
 * /api/health is asked every 50 ms (the next question 50 ms after the last answer) in both phases.
 * Then (c) the same number of PDFs again, indexed with no upload beside them: the indexer's own
 * rate in this run, and (d) a control: the upload again, index idle, while another process keeps one
 * core busy. The indexer's documents/s come from the documents' `indexed_at`.
 *
 *   nice -n 10 npx tsx --conditions=source bench/upload-while-indexing.mjs
 *   (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/portal_bench_upidx; PORT 3231;
 *    UPLOAD_MB 150; PDFS 20; PARAGRAPHS 2000)
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { makePdf } from '../apps/server/src/db/seed/meeting-files.js';
import { login } from './login.mjs';
import { freshDatabase, startPortal } from './portal.mjs';
import { median } from './stats.mjs';

const execFileAsync = promisify(execFile);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench_upidx';
const PORT = Number(process.env.PORT ?? 3231);
const MB = Number(process.env.UPLOAD_MB ?? 150);
const PDFS = Number(process.env.PDFS ?? 20);
const PARAGRAPHS = Number(process.env.PARAGRAPHS ?? 2000);

const dir = mkdtempSync(path.join(tmpdir(), 'portal-upidx-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const big = path.join(dir, 'big.bin');
for (let i = 0; i < MB; i++) writeFileSync(big, randomBytes(1_000_000), { flag: i === 0 ? 'w' : 'a' });
const paragraphs = Array.from(
  { length: PARAGRAPHS },
  (_, i) =>
    `Paragraph ${i}: the zirconium proficiency round of balance ${i} was checked against the reference weights and found within tolerance.`,
);
const pdf = await makePdf('Proficiency report', paragraphs);

await freshDatabase(DATABASE_URL);
const portal = await startPortal({
  port: PORT,
  databaseUrl: DATABASE_URL,
  dataDir: path.join(dir, 'data'),
  seedDemo: true,
});
const PORTAL = portal.url;
const sql = new pg.Client({ connectionString: DATABASE_URL });
await sql.connect();
process.on('exit', () => sql.end().catch(() => {}));
const pending = async () =>
  Number((await sql.query(`select count(*) from meeting_documents where index_state = 'pending'`)).rows[0].count);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const ar = await login(PORTAL, 'ar@portal.test');
const cm = await login(PORTAL, 'cm@portal.test');
const api = async (token, url, init = {}) => {
  const res = await fetch(`${PORTAL}${url}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body && !(init.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
};
const jobId = (await api(ar, '/api/jobs?role=AR')).data[0].id;
const committee = (await api(cm, '/api/committees')).data.find((c) => c.name === 'Chemical Testing Committee');
const root = (await api(cm, `/api/committeerootfolders/${committee.id}`)).data[0];
const folderOf = async (name) => {
  const made = await api(cm, '/api/meetingfolders', {
    method: 'POST',
    body: JSON.stringify({ folderName: name, parentFolderId: root.id, committeeId: committee.id }),
  });
  return (
    made.id ??
    made.data?.id ??
    made.folder?.id ??
    (await api(cm, `/api/meetingfolders/${root.id}`)).data.find((f) => f.name === name).id
  );
};

/** The 150 MB job document, with curl as upload.mjs sends it. */
async function upload(name) {
  const started = performance.now();
  const { stdout: out } = await execFileAsync('curl', [
    '-sS',
    '-w',
    '\n%{http_code}',
    '-H',
    `authorization: Bearer ${ar}`,
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
    `${PORTAL}/api/jobdocuments`,
  ]);
  const seconds = (performance.now() - started) / 1000;
  const cut = out.lastIndexOf('\n');
  if (out.slice(cut + 1) !== '200') throw new Error(out);
  return seconds;
}

/** /api/health every 50 ms until stopped: [asked at (performance.now()), latency in ms]. */
function healthSampler() {
  const ms = [];
  let on = true;
  const done = (async () => {
    while (on) {
      const s = performance.now();
      const res = await fetch(`${PORTAL}/api/health`);
      await res.arrayBuffer();
      ms.push([s, performance.now() - s]);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { stop: async () => ((on = false), await done, ms) };
}
const stats = (samples) => {
  const s = samples.map(([, x]) => x).sort((a, b) => a - b);
  if (!s.length) return 'no answers';
  return `${s.length} answers, median ${s[Math.floor(s.length / 2)].toFixed(1)} ms, p90 ${s[Math.floor(s.length * 0.9)].toFixed(1)}, max ${s.at(-1).toFixed(1)} ms`;
};

async function sendPdfs(folderId, prefix) {
  for (let i = 0; i < PDFS; i++) {
    const form = new FormData();
    form.append('folderId', String(folderId));
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), `${prefix}-${i}.pdf`);
    await api(cm, '/api/meetingdocuments', { method: 'POST', body: form });
  }
}
const waitIdle = async () => {
  while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 200));
};
/** documents/s of a folder's documents from their indexed_at: (n - 1) over first to last. */
async function indexRate(folderId) {
  const { rows } = await sql.query(
    `select count(*)::int n, min(indexed_at) a, max(indexed_at) b, count(*) filter (where index_state = 'indexed')::int ok from meeting_documents where folder_id = $1`,
    [folderId],
  );
  const { n, a, b, ok } = rows[0];
  return { n, ok, seconds: (b - a) / 1000, rate: (n - 1) / ((b - a) / 1000) };
}
const indexedBetween = async (folderId, from, to) =>
  Number(
    (
      await sql.query(
        `select count(*) from meeting_documents where folder_id = $1 and indexed_at >= $2 and indexed_at < $3`,
        [folderId, from, to],
      )
    ).rows[0].count,
  );

// (a) The indexer idle: the demo data's documents indexed first.
await waitIdle();
await upload(`warm-up-${Date.now()}.bin`);
const loadA = [loadavg()];
let health = healthSampler();
const idle = [];
for (let i = 0; i < 3; i++) {
  if ((await pending()) !== 0) throw new Error('the indexer is not idle');
  idle.push(await upload(`idle-${Date.now()}-${i}.bin`));
}
const healthIdle = await health.stop();
loadA.push(loadavg());

// (b) The indexer busy.
const busyFolder = await folderOf('Upload benchmark (busy)');
const loadB = [loadavg()];
health = healthSampler();
const queuedAt = performance.now();
await sendPdfs(busyFolder, 'busy-report');
const queued = (performance.now() - queuedAt) / 1000;
const busy = [];
const checks = [];
for (let i = 0; i < 3; i++) {
  const running = await api(ar, '/api/docservicehealthcheck');
  const before = await pending();
  const from = new Date();
  const at = performance.now();
  busy.push(await upload(`busy-${Date.now()}-${i}.bin`));
  const to = new Date();
  const after = await pending();
  checks.push({ running, before, after, from, to, at, until: performance.now() });
}
const healthBusy = await health.stop();
loadB.push(loadavg());
await waitIdle();
loadB.push(loadavg());
const busyRate = await indexRate(busyFolder);
for (const c of checks) c.indexed = await indexedBetween(busyFolder, c.from, c.to);
// The index's rate over the timed uploads alone (from the first one's start to the last one's end).
const windowSeconds = (checks.at(-1).to - checks[0].from) / 1000;
const duringUploads = await indexedBetween(busyFolder, checks[0].from, checks.at(-1).to);
const healthDuringUploads = healthBusy.filter(([at]) => checks.some((c) => at >= c.at && at < c.until));

// (c) The same PDFs indexed with nothing beside them.
const aloneFolder = await folderOf('Upload benchmark (alone)');
await sendPdfs(aloneFolder, 'alone-report');
await waitIdle();
const aloneRate = await indexRate(aloneFolder);
const loadC = loadavg();

// (d) A control: the index idle, one core kept busy by another process (a bare Node loop, stopped
// after 30 s at the latest): how much of (b) any busy thread on these two cores would cost.
const spinner = spawn(process.execPath, ['-e', 'const end = Date.now() + 30000; while (Date.now() < end);'], {
  stdio: 'ignore',
});
process.on('exit', () => spinner.kill());
await new Promise((r) => setTimeout(r, 200));
const spun = [];
for (let i = 0; i < 3; i++) spun.push(await upload(`spin-${Date.now()}-${i}.bin`));
spinner.kill();
const loadD = loadavg();

const rate = (s) => `${(MB / s).toFixed(0)} MB/s`;
const ms = (s) => `${s.toFixed(2)} s`;
console.log(
  `\n${MB} MB upload to POST /api/jobdocuments while the meetings index works (PostgreSQL, ${PDFS} PDFs of ${(pdf.length / 1024).toFixed(0)} kB, ${PARAGRAPHS} paragraphs)\n`,
);
console.log('| measure | value |');
console.log('|---|---|');
console.log(
  `| (a) upload, index idle (median of 3) | ${ms(median(idle))}, ${rate(median(idle))} (runs ${idle.map(ms).join(', ')}) |`,
);
console.log(
  `| (b) upload, index busy (median of 3) | ${ms(median(busy))}, ${rate(median(busy))} (runs ${busy.map(ms).join(', ')}) |`,
);
console.log(
  `| (d) control: upload, index idle, a Node busy loop in another process (median of 3) | ${ms(median(spun))}, ${rate(median(spun))} (runs ${spun.map(ms).join(', ')}); spinning / idle ${(median(idle) / median(spun)).toFixed(2)} |`,
);
console.log(`| busy / idle MB/s | ${(median(idle) / median(busy)).toFixed(2)} |`);
console.log(
  `| the index during each busy upload | ${checks.map((c) => `healthcheck ${c.running}, pending ${c.before} -> ${c.after}, ${c.indexed} indexed`).join('; ')} |`,
);
console.log(`| /api/health every 50 ms, (a) | ${stats(healthIdle)} |`);
console.log(`| /api/health every 50 ms, (b) (from the first PDF to the last upload) | ${stats(healthBusy)} |`);
console.log(`| /api/health, (b), asked during the three timed uploads only | ${stats(healthDuringUploads)} |`);
console.log(`| the PDFs sent (b) | ${PDFS} in ${queued.toFixed(2)} s |`);
console.log(
  `| index rate, (b) from the first timed upload's start to the last one's end | ${duringUploads} in ${windowSeconds.toFixed(2)} s: ${(duringUploads / windowSeconds).toFixed(2)} documents/s |`,
);
console.log(
  `| index rate, (b) the whole queue (uploads for part of it) | ${busyRate.ok}/${busyRate.n} indexed, ${busyRate.rate.toFixed(2)} documents/s (first to last ${busyRate.seconds.toFixed(1)} s) |`,
);
console.log(
  `| index rate, (c) alone | ${aloneRate.ok}/${aloneRate.n} indexed, ${aloneRate.rate.toFixed(2)} documents/s (first to last ${aloneRate.seconds.toFixed(1)} s) |`,
);
console.log(
  `| load average (1, 5, 15 min) | (a) ${loadA.join(' -> ')}; (b) ${loadB.join(' -> ')}; (c) end ${loadC}; (d) end ${loadD} |`,
);
process.exit(0);
