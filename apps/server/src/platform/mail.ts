import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { devMessages } from '../db/schema/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part beside the text (notification mail). */
  html?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** `log`: the sender's logger (its deps.log), for what the sending has to say. */
  send(message: MailMessage, log: FastifyBaseLogger): Promise<void>;
}

export interface SmsSender {
  send(to: string, body: string, log: FastifyBaseLogger): Promise<void>;
}

/**
 * SMTP through nodemailer (MAIL_URL=smtp://user:pass@host:port). nodemailer is loaded with the first
 * mail, not at start: it is a tenth of the server's start-up and the first mail can wait for it.
 */
export function smtpMailer(url: string, from: string): Mailer {
  let transport: Promise<import('nodemailer').Transporter> | undefined;
  return {
    async send(m) {
      transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(url));
      await (
        await transport
      ).sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
    },
  };
}

/**
 * Development mailbox (never in production: config refuses to start without MAIL_URL there): kept
 * in the database and read at /dev/mail from this machine only. The log says that a message was
 * stored, never its text: codes and links do not reach a log line, in development either.
 */
export function devMailbox(db: Db): { mailer: Mailer; sms: SmsSender } {
  const store = async (kind: 'email' | 'sms', to: string, subject: string, text: string, log: FastifyBaseLogger) => {
    await db.insert(devMessages).values({ kind, to, subject, text });
    log.info(`[dev ${kind}] to ${to}: "${subject}" stored; read it at /dev/mail`);
  };
  return {
    mailer: { send: (m, log) => store('email', m.to, m.subject, m.text, log) },
    sms: { send: (to, body, log) => store('sms', to, 'SMS', body, log) },
  };
}

/** Production without SMS_URL: sending an SMS fails (logged without its text), and nothing is printed. */
export const noSms: SmsSender = {
  send() {
    return Promise.reject(new Error('SMS_URL is not set: no SMS can be sent'));
  },
};

/** SMS_URL: each message is POSTed as JSON {to, body}. */
export function httpSms(url: string): SmsSender {
  return {
    async send(to, body) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
