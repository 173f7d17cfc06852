/**
 * Notification mail at scale (issue 12): starts the SMTP sink of the e2e tests (e2e/smtp-sink.mjs,
 * a real SMTP server keeping each message as a file) and the portal with MAIL_URL pointing at it, on
 * the data of `npm run generate:publications`; as admin@ adds a publication (POST
 * /api/admin/publications, multipart) to 'Bench Notify', which 20,000 readers subscribe to with
 * notify on; then waits for the outbox (mail_outbox rows of the publication's link) to be all
 * sent and the sink to hold every mail. Reports the request's time, the time to the last row marked
 * sent and to the last mail received, mails per second, and recipients mailed twice (from the
 * sink's files). Only 127.0.0.1 is used; the run stops by itself: after MAX_WAIT_S (default 600) it
 * stops waiting, marks the publication's unsent rows failed ('bench: stopped waiting', so a later
 * run's worker does not send them) and reports what was sent by then.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_pub node bench/publications-mail.mjs
 *   PORTAL_PORT=3225 SMTP_PORT=3223 SINK_HTTP_PORT=3224 MAX_WAIT_S=600 (defaults)
 *   POOL=1: MAIL_URL with nodemailer's ?pool=true (one SMTP connection kept open, not one a mail)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startMailRun } from './mail-run.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench_pub';
const PORTAL_PORT = Number(process.env.PORTAL_PORT ?? 3225);
const SMTP_PORT = Number(process.env.SMTP_PORT ?? 3223);
const SINK_HTTP_PORT = Number(process.env.SINK_HTTP_PORT ?? 3224);
const MAX_WAIT_S = Number(process.env.MAX_WAIT_S ?? 600);
const POOL = process.env.POOL === '1';
const CATEGORY = 'Bench Notify';
const loads = [loadavg()[0]];
const {
  mailDir,
  portalUrl: PORTAL,
  login,
} = await startMailRun({
  name: 'pubmail',
  databaseUrl: DATABASE_URL,
  portalPort: PORTAL_PORT,
  smtpPort: SMTP_PORT,
  sinkHttpPort: SINK_HTTP_PORT,
  pool: POOL,
});

const token = await login('admin@portal.test');
const auth = { authorization: `Bearer ${token}` };
const tree = (await (await fetch(`${PORTAL}/api/categories`, { headers: auth })).json()).data;
const category = tree.flatMap((r) => r.children).find((c) => c.name === CATEGORY);
if (!category) throw new Error(`no subcategory '${CATEGORY}': run npm run generate:publications first`);

const db = new pg.Client({ connectionString: DATABASE_URL });
await db.connect();
const subscribers = (
  await db.query(
    `select count(distinct s.user_id)::int as n from subscriptions s join users u on u.id = s.user_id join user_roles r on r.user_id = s.user_id
     where s.category_id = $1 and s.notify and u.activated and r.role in ('TA', 'AR', 'LA', 'CM')`,
    [category.id],
  )
).rows[0].n;
await new Promise((r) => setTimeout(r, 3000)); // the sign-in mails out of the way

// The publication: multipart name, category_id, then the file (a small PDF-like file).
const name = `Bench Mail ${new Date().toISOString()}`;
const form = new FormData();
form.append('name', name);
form.append('category_id', String(category.id));
form.append('file', new Blob([`%PDF-1.4\n% ${name}\n`], { type: 'application/pdf' }), 'bench-mail.pdf');
loads.push(loadavg()[0]);
const t0 = Date.now();
const res = await fetch(`${PORTAL}/api/admin/publications`, { method: 'POST', headers: auth, body: form });
const answered = Date.now() - t0;
const body = await res.text();
if (!res.ok) {
  console.log(`POST /api/admin/publications answered ${res.status} after ${answered} ms: ${body.slice(0, 500)}`);
  process.exit(1);
}
const id = JSON.parse(body).data.id;
const url = `/publications/${id}`;
console.log(
  `publication ${id} '${name}' added in ${answered} ms; ${subscribers} notify-on readers of '${CATEGORY}' (${category.id})`,
);

// Progress every 5 s; done when every row of the publication is sent or failed.
let last;
for (;;) {
  const { rows } = await db.query(
    `select count(*)::int as total, count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status = 'held')::int as held, min(created_at) as queued, max(sent_at) as last_sent
     from mail_outbox where url = $1`,
    [url],
  );
  last = rows[0];
  const elapsed = (Date.now() - t0) / 1000;
  if (Math.round(elapsed) % 5 === 0) {
    loads.push(loadavg()[0]);
    console.log(
      `${elapsed.toFixed(0)} s: ${last.sent} sent, ${last.failed} failed, ${last.held} held of ${last.total} queued (load ${loadavg()[0].toFixed(1)})`,
    );
  }
  if (last.total > 0 && last.sent + last.failed + last.held === last.total) break;
  if (elapsed > MAX_WAIT_S) {
    const stopped = await db.query(
      `update mail_outbox set status = 'failed', last_error = 'bench: stopped waiting' where url = $1 and status = 'pending'`,
      [url],
    );
    console.log(`stopped waiting after ${MAX_WAIT_S} s: ${stopped.rowCount} unsent rows marked failed`);
    break;
  }
  await new Promise((r) => setTimeout(r, 1000));
}
const notified = (await db.query(`select count(*)::int as n from notifications where url = $1`, [url])).rows[0].n;
await db.end();

// The sink's files: the mails of this publication, per recipient.
await new Promise((r) => setTimeout(r, 2000)); // the last messages' files
const subject = `New publication: ${name}`;
const perRecipient = new Map();
let lastReceived = 0;
let mails = 0;
for (const f of readdirSync(mailDir)) {
  if (!f.endsWith('.json')) continue;
  const m = JSON.parse(readFileSync(path.join(mailDir, f), 'utf8'));
  if (m.subject !== subject) continue;
  mails++;
  lastReceived = Math.max(lastReceived, m.receivedAt);
  for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
}
const twice = [...perRecipient.values()].filter((n) => n > 1).length;
const toLastSent = last.last_sent ? new Date(last.last_sent).getTime() - t0 : NaN;
const toLastReceived = lastReceived ? lastReceived - t0 : NaN;
console.log(`
subscribers with notify on (reader roles): ${subscribers}
in-app notifications written: ${notified}
outbox rows: ${last.total} (${last.sent} sent, ${last.failed} failed, ${last.held} held for the digest)
request answered: ${answered} ms
request to the last row marked sent: ${(toLastSent / 1000).toFixed(1)} s (${(last.sent / (toLastSent / 1000)).toFixed(1)} mails/s overall, ${POOL ? 'pooled SMTP connection' : 'one SMTP connection a mail'})
request to the last mail received by the sink: ${(toLastReceived / 1000).toFixed(1)} s; mails received: ${mails}, recipients ${perRecipient.size}, mailed more than once: ${twice}
load average (1 min) during the run: ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`);
process.exit(twice > 0 ? 1 : 0);
