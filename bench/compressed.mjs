/**
 * What compressed answers cost and save (platform/compression.ts): each list
 * call of a set, as its role, without and with `accept-encoding: br` and `gzip`, in turns: the
 * answer's bytes on the wire and req/s at 50 connections (autocannon, DURATION seconds each).
 *
 *   CALLS=jobs [ONLY=call[:ROLE],...] [DURATION=5] [ROUNDS=2] [SIZES=1: the bytes alone] node bench/compressed.mjs
 * The portal runs as in production. Since 2026-11-29 it compresses only answers over 14 kB
 * (platform/compression.ts), so a call under that shows the same bytes three times.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { callSet, onlyNamed, shownPath } from './calls/index.mjs';
import { login } from './login.mjs';
import { signInThenRestart } from './portal.mjs';
import { median } from './stats.mjs';

const SET = await callSet();
const PORT = Number(process.env.PORT ?? 3131);
const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-compressed-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const { portal, tokens } = await signInThenRestart(
  { port: PORT, databaseUrl: SET.databaseUrl, dataDir, production: true },
  SET.emails,
  login,
);
const cases = (await SET.calls(portal.url, tokens)).filter((c) => onlyNamed([c]).length > 0);
const ENCODINGS = [undefined, 'br', 'gzip'];

/** The bytes of one answer as sent, and its content-encoding. */
const wireBytes = (url, token, encoding) =>
  new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) } },
      (res) => {
        let n = 0;
        res.on('data', (c) => (n += c.length));
        res.on('end', () => resolve({ bytes: n, encoding: res.headers['content-encoding'] ?? 'none' }));
      },
    );
    req.on('error', reject);
    req.end();
  });

const rate = (url, token, encoding) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections: 50,
        duration: DURATION,
        headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      },
      (err, r) =>
        err
          ? reject(err)
          : r.non2xx > 0
            ? reject(new Error(`${url}: ${r.non2xx} non-2xx`))
            : resolve(r.requests.average),
    ),
  );

console.log('| call | as | bytes: none / br / gzip | req/s: none / br / gzip (median of rounds) | br / none |');
console.log('|---|---|---|---|---|');
for (const c of cases) {
  const url = `${portal.url}/api${c.path}`;
  const sizes = [];
  for (const e of ENCODINGS) sizes.push(await wireBytes(url, c.token, e));
  if (process.env.SIZES) {
    console.log(
      `| GET /api${shownPath(c.path)}${c.call ? ` (${c.call})` : ''} | ${c.role} | ${sizes.map((s) => s.bytes).join(' / ')} | | |`,
    );
    continue;
  }
  await rate(url, c.token, undefined); // warm-up
  const rates = ENCODINGS.map(() => []);
  for (let r = 0; r < ROUNDS; r++) for (const [i, e] of ENCODINGS.entries()) rates[i].push(await rate(url, c.token, e));
  const m = rates.map(median);
  console.log(
    `| GET /api${shownPath(c.path)}${c.call ? ` (${c.call})` : ''} | ${c.role} | ${sizes.map((s) => s.bytes).join(' / ')} | ${m.map((x) => Math.round(x)).join(' / ')} | ${(m[1] / m[0]).toFixed(2)} |`,
  );
}
portal.child.kill('SIGTERM');
process.exit(0);
