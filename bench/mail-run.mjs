/**
 * The start of a mail run (publications-mail.mjs, notify-mail.mjs): the SMTP sink of the e2e tests
 * (e2e/smtp-sink.mjs, a real SMTP server keeping each message as a file) in a work folder of its
 * own, and the portal with MAIL_URL pointing at it (`pool`: nodemailer's ?pool=true, one SMTP
 * connection kept open). Answers the work folder, the sink's mail folder, the portal's URL and a
 * sign-in that reads the code from the sink. The sink and the folder go when the run exits
 * (KEEP_MAIL keeps the folder).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { here, startPortal } from './portal.mjs';

export async function startMailRun({ name, databaseUrl, portalPort, smtpPort, sinkHttpPort, pool }) {
  const work = mkdtempSync(path.join(tmpdir(), `portal-bench-${name}-`));
  const mailDir = path.join(work, 'mail');
  // The sink: its stdout names each message (thousands of lines), read and dropped.
  const sink = spawn(process.execPath, [path.join(here, '../e2e/smtp-sink.mjs')], {
    env: { ...process.env, MAIL_DIR: mailDir, SMTP_PORT: String(smtpPort), HTTP_PORT: String(sinkHttpPort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => {
    sink.kill('SIGTERM');
    if (!process.env.KEEP_MAIL) rmSync(work, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  await new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      if (out.includes('SMTP_SINK_READY')) {
        sink.stdout.off('data', onData);
        sink.stdout.resume();
        resolve();
      }
    };
    sink.stdout.on('data', onData);
    sink.once('exit', (code) => reject(new Error(`the SMTP sink stopped (${code})`)));
  });
  const sinkUrl = `http://127.0.0.1:${sinkHttpPort}`;
  const portal = await startPortal({
    port: portalPort,
    databaseUrl,
    dataDir: path.join(work, 'data'),
    env: { MAIL_URL: `smtp://127.0.0.1:${smtpPort}${pool ? '/?pool=true' : ''}`, MAIL_FROM: 'portal@bench.test' },
  });

  /** Signs in with the code the sink received. */
  async function login(email, password = 'portal-demo') {
    const after = Date.now();
    const res = await fetch(`${portal.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password }),
    });
    if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    const { token: pending } = await res.json();
    let code;
    for (let i = 0; i < 100 && !code; i++) {
      const r = await fetch(`${sinkUrl}/latest-code?to=${encodeURIComponent(email)}&after=${after}`);
      if (r.ok) code = (await r.json()).code;
      else await new Promise((s) => setTimeout(s, 200));
    }
    if (!code) throw new Error(`no code for ${email} at the sink`);
    const verify = await fetch(`${portal.url}/api/twofactor/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pending}` },
      body: JSON.stringify({ code }),
    });
    if (!verify.ok) throw new Error(`verify ${email}: ${verify.status} ${await verify.text()}`);
    return (await verify.json()).token;
  }

  return { work, mailDir, portalUrl: portal.url, login };
}
