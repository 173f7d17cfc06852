// A soak of the production configuration (issue 62): the built bundle as two processes on one
// PostgreSQL database behind a round-robin proxy, files in S3 (s3rver), limits in Redis, mail over
// SMTP (apps/server/src/production/harness.ts, the production suite's own start), driven for
// DURATION_MIN minutes by MEMBERS simulated members: sign-ins with the mailed code (and again every
// few minutes), lists, searches, uploads and downloads of job documents, forum replies with and
// without attachments, and an admin's notice to every committee member every two minutes (mail).
// Prints per minute: requests, p50/p99, errors (5xx and failed connections), 4xx, RSS of each
// process, the pool in use (each process's /api/metrics), the outbox's depth; at the end, whether
// the outbox drained and the figures the issue asks of a 30-minute run.
//
//   npm run build && node --import tsx --conditions=source bench/soak.mjs
//   (DURATION_MIN 10, MEMBERS 30, THINK_MS 400, DATABASE_URL the server for the soak's own database,
//   default postgres://postgres@127.0.0.1:5432/test; REDIS_URL default redis://127.0.0.1:6379)
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import pg from 'pg';

process.env.TEST_PORTAL = 'bundle';
process.env.TEST_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (process.env.REDIS_URL) process.env.TEST_REDIS_URL = process.env.REDIS_URL;

const DURATION_MIN = Number(process.env.DURATION_MIN ?? 10);
const MEMBERS = Number(process.env.MEMBERS ?? 30);
const THINK_MS = Number(process.env.THINK_MS ?? 400);
const SESSION_MIN = 4;
const NOTICE_EVERY_S = 120;

const { startProduction, METRICS_TOKEN } = await import('../apps/server/src/production/harness.ts');
const { seedDemo } = await import('../apps/server/src/db/seed/seed.ts');
const { DEMO_PASSWORD } = await import('../apps/server/src/db/seed/demo-data.ts');

// --- mail: an SMTP server of the soak's own, keeping only each address's latest code -----------
const latestCode = new Map();
let mailsReceived = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, done) {
    simpleParser(stream)
      .then((mail) => {
        mailsReceived++;
        const code = /code\D{0,20}(\d{4})\b/i.exec(`${mail.subject}\n${mail.text}`)?.[1];
        if (code)
          for (const r of session.envelope.rcptTo) latestCode.set(r.address.toLowerCase(), { code, at: Date.now() });
        done();
      })
      .catch(done);
  },
});
await new Promise((r) => smtp.listen(0, '127.0.0.1', r));
const smtpPort = smtp.server.address().port;

console.log(`starting: two processes of the bundle, PostgreSQL, S3 (s3rver), Redis, SMTP on ${smtpPort}`);
const prod = await startProduction({
  processes: 2,
  env: { MAIL_URL: `smtp://127.0.0.1:${smtpPort}`, TRUST_PROXY: 'true' },
});
// Production refuses SEED_DEMO: the demo data is added here, as a bench would load its data.
await seedDemo(prod.db.db);
const db = new pg.Pool({ connectionString: prod.databaseUrl, max: 2 });

// --- the HTTP side ------------------------------------------------------------------------------
const minutes = [];
const minuteOf = () => Math.floor((performance.now() - startedAt) / 60_000);
function record(ms, status) {
  const m = (minutes[minuteOf()] ??= { lat: [], s5xx: 0, s4xx: 0, s429: 0, net: 0, samples: [] });
  m.lat.push(ms);
  if (status === 0) m.net++;
  else if (status >= 500) m.s5xx++;
  else if (status === 429) m.s429++;
  else if (status >= 400) m.s4xx++;
}
let startedAt = performance.now();
let counting = false;

async function send(member, method, url, { body, form, token = member.token, count = true } = {}) {
  const headers = { 'x-forwarded-for': member.ip };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload;
  if (form) {
    payload = new FormData();
    for (const [k, v] of Object.entries(form)) payload.append(k, v);
  } else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const t0 = performance.now();
  let status = 0;
  let data;
  try {
    const res = await fetch(prod.url + url, { method, headers, body: payload });
    status = res.status;
    const buf = Buffer.from(await res.arrayBuffer());
    data = res.headers.get('content-type')?.includes('json') ? JSON.parse(buf.toString()) : buf;
  } catch (e) {
    data = e;
  }
  if (counting && count) record(performance.now() - t0, status);
  if (status >= 500 || status === 0)
    member.lastError = `${method} ${url.split('?')[0]} ${status} ${data?.message ?? ''}`;
  return { status, data };
}

async function signIn(member) {
  if (member.token) await send(member, 'GET', '/api/logout');
  const asked = Date.now();
  const login = await send(member, 'POST', '/api/login', {
    body: { username: member.email, password: DEMO_PASSWORD },
    token: null,
  });
  if (login.status !== 200) throw new Error(`${member.email}: login ${login.status}`);
  let code;
  for (let i = 0; i < 300 && !code; i++) {
    const c = latestCode.get(member.email);
    if (c && c.at >= asked) code = c.code;
    else await new Promise((r) => setTimeout(r, 50));
  }
  if (!code) throw new Error(`${member.email}: no code mailed`);
  const verify = await send(member, 'POST', '/api/twofactor/verify', { body: { code }, token: login.data.token });
  if (verify.status !== 200) throw new Error(`${member.email}: verify ${verify.status}`);
  member.token = verify.data.token;
  member.signedInAt = Date.now();
}

const ACCOUNTS = [
  ['admin@portal.test', 'admin'],
  ['ar@portal.test', 'ar'],
  ['multi@portal.test', 'ar'],
  ['ta@portal.test', 'ta'],
  ['la@portal.test', 'ta'],
  ['cm@portal.test', 'cm'],
  ...Array.from({ length: 60 }, (_, i) => [
    `member${String(i + 1).padStart(2, '0')}@portal.test`,
    ['ar', 'cm', 'ta'][i % 3],
  ]),
];
const members = ACCOUNTS.slice(0, MEMBERS).map(([email, kind], i) => ({
  email,
  kind,
  ip: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  token: null,
}));

const month = `start=${encodeURIComponent('2026-11-30 00:00:00')}&end=${encodeURIComponent('2027-01-11 00:00:00')}`;
/** The reads each kind of member makes, from what its first answers name. */
async function readsOf(m) {
  const reads = ['/api/activeuser', '/api/notifications', '/api/publications'];
  if (m.kind === 'ar' || m.kind === 'ta') {
    const role = m.kind.toUpperCase();
    const jobs = await send(m, 'GET', `/api/jobs?role=${role}`, { count: false });
    m.jobId = jobs.data?.data?.[0]?.id;
    reads.push(`/api/jobs?role=${role}`, `/api/jobs?role=${role}&page=2`);
    if (m.jobId) reads.push(`/api/jobdocuments?jobid=${m.jobId}&role=${role}`);
    if (m.kind === 'ar') reads.push('/api/invoices?current_role=AR', '/api/facilities');
  }
  if (m.kind === 'cm') {
    const me = await send(m, 'GET', '/api/activeuser', { count: false });
    m.committeeId = me.data?.committees?.[0]?.id;
    if (m.committeeId) {
      const c = m.committeeId;
      const threads = await send(m, 'GET', `/api/forumthreads?committeeid=${c}`, { count: false });
      m.threadId = threads.data?.data?.[0]?.id;
      reads.push(
        `/api/forumthreads?committeeid=${c}`,
        `/api/meetingdocuments/recent/${c}`,
        `/api/events?committee_id=${c}&${month}`,
      );
      reads.push(
        `/api/forum/search?cmid=${c}&term=calibration`,
        `/api/meetingdocuments/search?cmid=${c}&term=proficiency`,
      );
      if (m.threadId) reads.push(`/api/forumthreads/${m.threadId}`);
    }
  }
  if (m.kind === 'admin') reads.push('/api/users', '/api/users?search=member', '/api/audit', '/api/user-requests');
  // A read this member may not make (a demo record missing) is left out, said once.
  const kept = [];
  for (const url of reads) {
    const r = await send(m, 'GET', url, { count: false });
    if (r.status === 200) kept.push(url);
    else console.log(`  ${m.email}: leaving out ${url} (${r.status})`);
  }
  return kept;
}

let uploads = 0;
async function act(m) {
  if (Date.now() - m.signedInAt > SESSION_MIN * 60_000 * (0.75 + Math.random() / 2)) return signIn(m);
  const roll = Math.random();
  if (m.kind === 'ar' && m.jobId && roll < 0.05 && (m.email === 'ar@portal.test' || m.email === 'multi@portal.test')) {
    const n = ++uploads;
    const up = await send(m, 'POST', '/api/jobdocuments', {
      form: {
        jobId: String(m.jobId),
        description: `Soak upload ${n}`,
        file: new File([randomBytes(64 * 1024)], `soak-${n}-${randomBytes(3).toString('hex')}.bin`),
      },
    });
    const id = up.data?.document?.id;
    if (id) {
      const ticket = await send(m, 'POST', '/api/downloads', { body: { path: `/api/jobdocuments/${id}` } });
      const link = ticket.data?.url && new URL(ticket.data.url, prod.url);
      if (link) await send(m, 'GET', link.pathname + link.search, { token: null });
    }
    return;
  }
  if (m.email === 'cm@portal.test' && m.threadId && roll < 0.05) {
    const form = {
      threadId: String(m.threadId),
      committeId: String(m.committeeId),
      postContent: `<p>Soak reply ${Date.now()}</p>`,
    };
    if (Math.random() < 0.3)
      form['files[]'] = new File([randomBytes(20 * 1024)], `notes-${randomBytes(3).toString('hex')}.txt`);
    await send(m, 'POST', '/api/forumreply', { form });
    return;
  }
  if (m.kind === 'admin' && Date.now() - (m.noticeAt ?? 0) > NOTICE_EVERY_S * 1000) {
    m.noticeAt = Date.now();
    await send(m, 'POST', '/api/notifications', {
      body: {
        sender_name: 'Soak',
        sender_email: 'soak@body.test',
        notification_title: `Soak notice ${m.noticeAt}`,
        notification_body: 'A notice of the soak run, to every committee member.',
        send_to: ['CM'],
      },
    });
    return;
  }
  await send(m, 'GET', m.reads[Math.floor(Math.random() * m.reads.length)]);
}

// --- sampling: RSS, pool, outbox ------------------------------------------------------------------
function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return NaN;
  }
}
/** From each process's /api/metrics: the pool in use and the heap in use (MB). */
async function scrape(p) {
  try {
    const text = await (
      await fetch(`${p.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const pool = Number(/^portal_db_pool_in_use (\d+)/m.exec(text)?.[1] ?? NaN);
    const heap = Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? NaN) / 2 ** 20;
    return { pool, heap };
  } catch {
    return { pool: NaN, heap: NaN };
  }
}
const outboxDepth = async () =>
  Number((await db.query(`select count(*)::int as n from mail_outbox where status = 'pending'`)).rows[0].n);
async function sample() {
  const m = (minutes[minuteOf()] ??= { lat: [], s5xx: 0, s4xx: 0, s429: 0, net: 0, samples: [] });
  m.samples.push({
    rss: prod.portals.map((p) => rssMb(p.child.pid)),
    ...(await Promise.all(prod.portals.map(scrape)).then((all) => ({
      pool: all.map((x) => x.pool),
      heap: all.map((x) => x.heap),
    }))),
    outbox: await outboxDepth(),
  });
}

const pct = (xs, p) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '-');

function printMinute(i) {
  const m = minutes[i];
  if (!m) return;
  const rss = prod.portals.map((_, k) => mean(m.samples.map((s) => s.rss[k])));
  const pool = prod.portals.map((_, k) => Math.max(...m.samples.map((s) => s.pool[k])));
  const heap = prod.portals.map((_, k) => mean(m.samples.map((s) => s.heap[k])));
  console.log(
    [
      String(i + 1).padStart(3),
      String(m.lat.length).padStart(6),
      f(m.lat.length / 60, 1).padStart(6),
      f(pct(m.lat, 50), 1).padStart(7),
      f(pct(m.lat, 99), 1).padStart(7),
      String(m.s5xx + m.net).padStart(5),
      String(m.s4xx).padStart(5),
      String(m.s429).padStart(5),
      rss
        .map((x) => f(x))
        .join('/')
        .padStart(10),
      heap
        .map((x) => f(x))
        .join('/')
        .padStart(9),
      pool
        .map((x) => f(x))
        .join('/')
        .padStart(6),
      String(m.samples.at(-1)?.outbox ?? '-').padStart(7),
      String(mailsReceived).padStart(7),
    ].join(' '),
  );
}

// --- the run --------------------------------------------------------------------------------------
console.log(`signing in ${members.length} members`);
for (const m of members) {
  await signIn(m);
  m.reads = await readsOf(m);
}
console.log(`soak: ${DURATION_MIN} min, ${members.length} members, think time ${THINK_MS} ms (mean)`);
console.log('min   reqs  req/s    p50ms   p99ms   err   4xx   429   RSS MB A/B  heap A/B  pool  outbox  mails');
startedAt = performance.now();
counting = true;
const endAt = startedAt + DURATION_MIN * 60_000;
const sampler = setInterval(() => void sample().catch(() => undefined), 5_000);
let printed = 0;
const printer = setInterval(() => {
  while (printed < minuteOf()) printMinute(printed++);
}, 1_000);
await Promise.all(
  members.map(async (m) => {
    while (performance.now() < endAt) {
      try {
        await act(m);
      } catch (e) {
        m.lastError = String(e);
        record(0, 0);
      }
      await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * THINK_MS));
    }
  }),
);
counting = false;
clearInterval(sampler);
// Only whole minutes: the requests in flight at the end fall into a minute of their own.
minutes.length = Math.min(minutes.length, DURATION_MIN);
while (printed < minutes.length) printMinute(printed++);
clearInterval(printer);

// The outbox drains once the load stops (at most two minutes' wait).
let depth = await outboxDepth();
const drainStart = Date.now();
while (depth > 0 && Date.now() - drainStart < 120_000) {
  await new Promise((r) => setTimeout(r, 1000));
  depth = await outboxDepth();
}
console.log(
  `outbox after the load: ${depth} pending (${((Date.now() - drainStart) / 1000).toFixed(0)} s waited); mails received ${mailsReceived}`,
);
for (const m of members) if (m.lastError) console.log(`  last error of ${m.email}: ${m.lastError}`);

// The criteria: minutes 5-10 against the last 5 (for a shorter run, its second and last thirds).
const n = minutes.length;
const early = n >= 15 ? [4, 10] : [Math.floor(n / 3), Math.floor((2 * n) / 3)];
const late = n >= 15 ? [n - 5, n] : [Math.floor((2 * n) / 3), n];
const over = ([a, b], pick) => minutes.slice(a, b).flatMap(pick);
const total5xx = minutes.reduce((s, m) => s + m.s5xx + m.net, 0);
const rssE = prod.portals.map((_, k) => mean(over(early, (m) => m.samples.map((s) => s.rss[k]))));
const rssL = prod.portals.map((_, k) => mean(over(late, (m) => m.samples.map((s) => s.rss[k]))));
const poolE = mean(over(early, (m) => m.samples.flatMap((s) => s.pool)));
const poolL = mean(over(late, (m) => m.samples.flatMap((s) => s.pool)));
const p99E = pct(
  over(early, (m) => m.lat),
  99,
);
const p99L = pct(
  over(late, (m) => m.lat),
  99,
);
const win = ([a, b]) => `minutes ${a + 1}-${b}`;
console.log(`\nwindows: ${win(early)} against ${win(late)}`);
console.log(`errors (5xx, failed connections): ${total5xx}`);
console.log(
  `RSS MB: ${rssE.map((x) => f(x)).join('/')} -> ${rssL.map((x) => f(x)).join('/')} (${rssL.map((x, k) => f(((x - rssE[k]) / rssE[k]) * 100, 1) + ' %').join(', ')})`,
);
const heapE = prod.portals.map((_, k) => mean(over(early, (m) => m.samples.map((s) => s.heap[k]))));
const heapL = prod.portals.map((_, k) => mean(over(late, (m) => m.samples.map((s) => s.heap[k]))));
console.log(
  `heap in use MB (not judged; says whether RSS grew with what is kept): ${heapE.map((x) => f(x)).join('/')} -> ${heapL.map((x) => f(x)).join('/')}`,
);
console.log(`pool in use (mean of samples): ${f(poolE, 2)} -> ${f(poolL, 2)}`);
console.log(`p99 ms: ${f(p99E, 1)} -> ${f(p99L, 1)} (x ${f(p99L / p99E, 2)})`);
const flat = rssL.every((x, k) => Math.abs(x - rssE[k]) <= 0.1 * rssE[k]);
// The pool's mean is a few connections: within 10 % or half a connection.
const poolFlat = Math.abs(poolL - poolE) <= Math.max(0.1 * poolE, 0.5);
const verdict = total5xx === 0 && flat && poolFlat && p99L <= 1.3 * p99E && depth === 0;
console.log(`verdict: ${verdict ? 'PASS' : 'FAIL'} (no 5xx, RSS and pool within 10 %, p99 <= 1.3 x, outbox drained)`);

await db.end();
await prod.stop();
await new Promise((r) => smtp.close(r));
process.exit(verdict ? 0 : 1);
