#!/usr/bin/env node
// A real SMTP server for the end-to-end tests: accepts every message on 127.0.0.1, keeps each one
// as a JSON file in MAIL_DIR and serves them over a tiny HTTP endpoint:
//   GET /messages[?to=addr]              every message (newest first), optionally to one address
//   GET /latest-code?to=addr[&after=ms]  {code, message} of the newest 4-digit code sent to addr
//                                       (received after `after`, epoch ms), or 404
//   GET /health                          {ok:true}
//   POST /sms {to, body}                 the portal's SMS_URL: kept like a mail to `to` (subject 'SMS')
// Ports: SMTP_PORT and HTTP_PORT (0 or unset = a free port). When both listen it prints one line
//   SMTP_SINK_READY {"smtpPort":..,"httpPort":..,"dir":".."}
// on stdout, which the global setup waits for. It stops on SIGTERM/SIGINT.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const dir = process.env.MAIL_DIR || mkdtempSync(path.join(tmpdir(), 'smtp-sink-'));
mkdirSync(dir, { recursive: true });
let seq = 0;

/** @param {import('mailparser').AddressObject | import('mailparser').AddressObject[] | undefined} field */
function addressesOf(field) {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())).filter(Boolean);
}

const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 10 * 1024 * 1024,
  onAuth(_auth, _session, callback) {
    callback(null, { user: 'e2e' });
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const receivedAt = Date.now();
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const message = {
          id: `${receivedAt}-${String(++seq).padStart(6, '0')}`,
          receivedAt,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: [...new Set([...envelopeTo, ...addressesOf(mail.to)])],
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : null,
        };
        writeFileSync(path.join(dir, `${message.id}.json`), JSON.stringify(message, null, 2));
        console.log(`[smtp-sink] ${message.to.join(', ')}: ${message.subject}`);
        callback();
      })
      .catch((e) => callback(e));
  },
});
smtp.on('error', (e) => console.error('[smtp-sink] smtp error', e));

/** @param {string | null} to */
function readMessages(to) {
  const all = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .reverse()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
  return to ? all.filter((m) => m.to.includes(to.toLowerCase())) : all;
}

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://sink');
  /** @param {number} status @param {unknown} body */
  const send = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  try {
    if (url.pathname === '/health') return send(200, { ok: true });
    if (url.pathname === '/sms' && req.method === 'POST') {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        try {
          const { to, body } = JSON.parse(raw);
          const receivedAt = Date.now();
          const message = {
            id: `${receivedAt}-${String(++seq).padStart(6, '0')}`,
            receivedAt,
            from: null,
            to: [String(to).toLowerCase()],
            subject: 'SMS',
            text: String(body),
            html: null,
          };
          writeFileSync(path.join(dir, `${message.id}.json`), JSON.stringify(message, null, 2));
          send(200, { ok: true });
        } catch (e) {
          send(400, { message: String(e) });
        }
      });
      return;
    }
    if (url.pathname === '/messages') return send(200, { messages: readMessages(url.searchParams.get('to')) });
    if (url.pathname === '/latest-code') {
      const to = url.searchParams.get('to');
      if (!to) return send(400, { message: 'to is required' });
      const after = Number(url.searchParams.get('after') ?? 0);
      for (const m of readMessages(to)) {
        if (m.receivedAt < after) break;
        const body = `${m.subject}\n${m.text}`;
        const code = (/code\D{0,20}(\d{4})\b/i.exec(body) ?? /\b(\d{4})\b/.exec(body))?.[1];
        if (code) return send(200, { code, message: m });
      }
      return send(404, { message: `no code sent to ${to}` });
    }
    return send(404, { message: 'not found' });
  } catch (e) {
    return send(500, { message: String(e) });
  }
});

/** @param {import('node:net').Server} server @param {number} port @returns {Promise<number>} */
const listen = (server, port) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port),
    );
  });

const smtpPort = await listen(smtp.server, Number(process.env.SMTP_PORT ?? 0));
const httpPort = await listen(http, Number(process.env.HTTP_PORT ?? 0));
console.log(`SMTP_SINK_READY ${JSON.stringify({ smtpPort, httpPort, dir })}`);

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
