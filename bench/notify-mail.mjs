/**
 * An admin notice to every member (issue 22): starts the SMTP sink of the e2e tests
 * (e2e/smtp-sink.mjs, a real SMTP server keeping each message as a file) and the portal with
 * MAIL_URL pointing at it, on the scale data (`npm run generate`: 20,000 users); as admin@
 * (SYSADMIN) sends POST /api/notifications to the groups AR, TA and CM; then waits for the outbox
 * (the mail_outbox rows of the notice: its title, unique to the run) to be all sent and the sink
 * to hold every mail. Reports the request's time, the time to the last row marked sent and to the
 * last mail received, mails per second, and recipients mailed twice (from the sink's files). Only
 * 127.0.0.1 is used; the run stops by itself: after MAX_WAIT_S (default 600) it stops waiting,
 * marks the notice's unsent rows failed ('bench: stopped waiting', so a later run's worker does
 * not send them) and reports what was sent by then.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench node bench/notify-mail.mjs
 *   PORTAL_PORT=3235 SMTP_PORT=3233 SINK_HTTP_PORT=3234 MAX_WAIT_S=600 (defaults)
 *   POOL=1: MAIL_URL with nodemailer's ?pool=true (one SMTP connection kept open, not one a mail)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startMailRun } from './mail-run.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const PORTAL_PORT = Number(process.env.PORTAL_PORT ?? 3235);
const SMTP_PORT = Number(process.env.SMTP_PORT ?? 3233);
const SINK_HTTP_PORT = Number(process.env.SINK_HTTP_PORT ?? 3234);
const MAX_WAIT_S = Number(process.env.MAX_WAIT_S ?? 600);
const POOL = process.env.POOL === '1';
const GROUPS = ['AR', 'TA', 'CM'];
const loads = [loadavg()[0]];
const {
  mailDir,
  portalUrl: PORTAL,
  login,
} = await startMailRun({
  name: 'noticemail',
  databaseUrl: DATABASE_URL,
  portalPort: PORTAL_PORT,
  smtpPort: SMTP_PORT,
  sinkHttpPort: SINK_HTTP_PORT,
  pool: POOL,
});

const token = await login('admin@portal.test');
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

const db = new pg.Client({ connectionString: DATABASE_URL });
await db.connect();
// Whom the groups reach: active members holding AR, TA or CM (the notice's recipients, once each).
const members = (
  await db.query(
    `select count(distinct u.id)::int as n from users u join user_roles r on r.user_id = u.id
     where u.activated and u.deleted_at is null and r.role = any($1)`,
    [GROUPS],
  )
).rows[0].n;
await new Promise((r) => setTimeout(r, 3000)); // the sign-in mails out of the way

const title = `Bench notice ${new Date().toISOString()}`;
loads.push(loadavg()[0]);
const t0 = Date.now();
const res = await fetch(`${PORTAL}/api/notifications`, {
  method: 'POST',
  headers: auth,
  body: JSON.stringify({
    sender_name: 'Bench Admin',
    sender_email: 'admin@portal.test',
    notification_title: title,
    notification_body: 'The office is closed on Friday.',
    send_to: GROUPS,
    committee_ids: [],
  }),
});
const answered = Date.now() - t0;
const body = await res.text();
if (!res.ok) {
  console.log(`POST /api/notifications answered ${res.status} after ${answered} ms: ${body.slice(0, 500)}`);
  process.exit(1);
}
const { recipients } = JSON.parse(body);
console.log(
  `notice '${title}' sent in ${answered} ms to ${recipients} recipients; ${members} active members hold ${GROUPS.join(', ')}`,
);

// Progress every 5 s; done when every row of the notice is sent or failed.
let last;
for (;;) {
  const { rows } = await db.query(
    `select count(*)::int as total, count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status = 'held')::int as held, max(sent_at) as last_sent
     from mail_outbox where subject = $1`,
    [title],
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
      `update mail_outbox set status = 'failed', last_error = 'bench: stopped waiting' where subject = $1 and status = 'pending'`,
      [title],
    );
    console.log(`stopped waiting after ${MAX_WAIT_S} s: ${stopped.rowCount} unsent rows marked failed`);
    break;
  }
  await new Promise((r) => setTimeout(r, 1000));
}
const notified = (await db.query(`select count(*)::int as n from notifications where title = $1`, [title])).rows[0].n;
// The fan-out (notices queued by the call, then written by the worker): when it was done.
const fanned = (
  await db.query(`select status, recipients, fanned_out_at from sent_notifications where title = $1`, [title])
).rows[0];
await db.end();

// The sink's files: the notice's mails, per recipient.
await new Promise((r) => setTimeout(r, 2000)); // the last messages' files
const perRecipient = new Map();
let lastReceived = 0;
let mails = 0;
for (const f of readdirSync(mailDir)) {
  if (!f.endsWith('.json')) continue;
  const m = JSON.parse(readFileSync(path.join(mailDir, f), 'utf8'));
  if (m.subject !== title) continue;
  mails++;
  lastReceived = Math.max(lastReceived, m.receivedAt);
  for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
}
const twice = [...perRecipient.values()].filter((n) => n > 1).length;
const toLastSent = last.last_sent ? new Date(last.last_sent).getTime() - t0 : NaN;
const toLastReceived = lastReceived ? lastReceived - t0 : NaN;
console.log(`
active members holding ${GROUPS.join(', ')}: ${members}; recipients the call answered: ${recipients}
in-app notifications written: ${notified}; the notice is ${fanned?.status}${fanned?.fanned_out_at ? `, fanned out ${((new Date(fanned.fanned_out_at).getTime() - t0) / 1000).toFixed(2)} s after the request` : ''}
outbox rows: ${last.total} (${last.sent} sent, ${last.failed} failed, ${last.held} held)
request answered: ${answered} ms
request to the last row marked sent: ${(toLastSent / 1000).toFixed(1)} s (${(last.sent / (toLastSent / 1000)).toFixed(1)} mails/s overall, ${POOL ? 'pooled SMTP connection' : 'one SMTP connection a mail'})
request to the last mail received by the sink: ${(toLastReceived / 1000).toFixed(1)} s; mails received: ${mails}, recipients ${perRecipient.size}, mailed more than once: ${twice}
load average (1 min) during the run: ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`);
process.exit(twice > 0 ? 1 : 0);
