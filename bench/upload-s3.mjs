/**
 * 10 uploads of 150 MB at once to POST /api/jobdocuments with the portal's files in S3 (an s3rver
 * process on this machine), beside a plain @aws-sdk/lib-storage Upload of the same bytes, 10 at
 * once, from this script to the same server; and how much the portal's resident memory grows
 * meanwhile (sampled from /proc every 20 ms). The portal runs on a fresh PostgreSQL database with
 * the demo accounts.
 *
 *   npm run upload:s3 -w bench        (UPLOADS=10 UPLOAD_MB=150 DATABASE_URL=... to change;
 *                                      STORE=disk: the portal's part with its files on the disk)
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { login } from './login.mjs';
import { freshDatabase, here, startPortal } from './portal.mjs';

const execFileAsync = promisify(execFile);
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench_s3';
const MB = Number(process.env.UPLOAD_MB ?? 150);
const N = Number(process.env.UPLOADS ?? 10);
const PORT = Number(process.env.PORT ?? 3103);
const dir = mkdtempSync(path.join(tmpdir(), 'portal-upload-s3-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const big = path.join(dir, 'big.bin');
for (let i = 0; i < MB; i++) writeFileSync(big, randomBytes(1_000_000), { flag: i === 0 ? 'w' : 'a' });

// The S3 server: s3rver in its own process (port 0; it prints the port chosen).
const s3Dir = path.join(dir, 's3');
const s3rver = spawn(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import S3rver from 's3rver'; const s = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.argv[1] }); const { port } = await s.run(); console.log(port);`,
    s3Dir,
  ],
  { cwd: here, stdio: ['ignore', 'pipe', 'inherit'] },
);
process.on('exit', () => s3rver.kill('SIGTERM'));
const s3Port = await new Promise((resolve) => s3rver.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
const endpoint = `http://127.0.0.1:${s3Port}`;
const client = new S3Client({
  endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
for (const Bucket of ['portal', 'plain']) await client.send(new CreateBucketCommand({ Bucket }));

await freshDatabase(DATABASE_URL);
const portal = await startPortal({
  port: PORT,
  databaseUrl: DATABASE_URL,
  dataDir: path.join(dir, 'data'),
  seedDemo: true,
  // STORE=disk: the same run with the files on the local disk, to see what the S3 store adds.
  env:
    process.env.STORE === 'disk'
      ? {}
      : {
          S3_BUCKET: 'portal',
          S3_ENDPOINT: endpoint,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        },
});
const token = await login(portal.url, 'ar@portal.test');
const jobs = await (
  await fetch(`${portal.url}/api/jobs?role=AR`, { headers: { authorization: `Bearer ${token}` } })
).json();
const jobId = jobs.data[0].id;

/** curl streams the multipart body from disk in C, so the client takes little of the two cores. */
async function upload(name) {
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
    `${portal.url}/api/jobdocuments`,
  ]);
  const cut = out.lastIndexOf('\n');
  if (out.slice(cut + 1) !== '200') throw new Error(out);
}

await upload(`warm-up-${Date.now()}.bin`);
await new Promise((r) => setTimeout(r, 1000));
const before = portal.rssKb();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, portal.rssKb())), 20);
let started = performance.now();
await Promise.all(Array.from({ length: N }, (_, i) => upload(`bench-${Date.now()}-${i}.bin`)));
const portalSeconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, portal.rssKb());
portal.child.kill('SIGTERM');

// The same bytes, the same number at once, straight from a file with lib-storage's defaults.
started = performance.now();
await Promise.all(
  Array.from({ length: N }, (_, i) =>
    new Upload({ client, params: { Bucket: 'plain', Key: `plain-${i}`, Body: createReadStream(big) } }).done(),
  ),
);
const plainSeconds = (performance.now() - started) / 1000;

const rate = (s) => `${((N * MB) / s).toFixed(0)} MB/s`;
console.log(
  `\n${N} uploads of ${MB} MB at once, files ${process.env.STORE === 'disk' ? 'on the local disk' : 'in S3 (s3rver on this machine)'}, PostgreSQL\n`,
);
console.log('| measure | value |');
console.log('|---|---|');
console.log(`| portal: POST /api/jobdocuments, curl | ${portalSeconds.toFixed(1)} s, ${rate(portalSeconds)} |`);
console.log(
  `| plain lib-storage Upload of the same file | ${plainSeconds.toFixed(1)} s, ${rate(plainSeconds)}; portal / plain = ${(plainSeconds / portalSeconds).toFixed(2)} |`,
);
console.log(
  `| portal RSS before / peak | ${(before / 1024).toFixed(0)} MB / ${(peak / 1024).toFixed(0)} MB: growth ${((peak - before) / 1024).toFixed(1)} MB |`,
);
process.exit(0);
