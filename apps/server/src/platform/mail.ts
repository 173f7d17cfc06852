import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { devMessages } from '../db/schema/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

/** SMTP through nodemailer (MAIL_URL=smtp://user:pass@host:port). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
    },
  };
}

/** Development mailbox: kept in the database, printed to the log, listed at /api/dev/mail. */
export function devMailbox(db: Db, log: FastifyBaseLogger): { mailer: Mailer; sms: SmsSender } {
  const store = async (kind: 'email' | 'sms', to: string, subject: string, text: string) => {
    await db.insert(devMessages).values({ kind, to, subject, text });
    log.info(`[dev ${kind}] to ${to}: ${subject}\n${text}`);
  };
  return {
    mailer: { send: (m) => store('email', m.to, m.subject, m.text) },
    sms: { send: (to, body) => store('sms', to, 'SMS', body) },
  };
}

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
