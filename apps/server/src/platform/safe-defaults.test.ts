import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDocuments, jobs } from '../db/schema/index.js';
import { ConfigError, loadConfig } from '../config.js';
import { auth, buildTestApp, lastCodeTo, lastMessageTo, login, type TestApp } from '../test/helpers.js';
import { redactUrl } from './logging.js';

/** No secret in a log line, the dev mailbox, production settings. */

const PROD = {
  NODE_ENV: 'production',
  MAIL_URL: 'smtp://127.0.0.1:2525',
  APP_SECRET: 'a-production-secret-of-32-characters!',
  DATA_DIR: '/tmp/portal-cfg',
};

describe('the log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t.close());

  it('holds no code, token, signature, reset token or download ticket after a sign-in, a reset and a ticket download', async () => {
    const secrets: string[] = [];
    // Sign in: the pending token, the emailed code, the signed-in token.
    const pending = (await login(t, 'ar@portal.test')).json<{ token: string }>().token;
    const code = await lastCodeTo(t, 'ar@portal.test');
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/twofactor/verify',
      headers: auth(pending),
      payload: { code },
    });
    expect(verify.statusCode).toBe(200);
    const token = verify.json<{ token: string }>().token;
    // The four-digit code is looked for as a word below: as a substring it turns up inside the log's timestamps.
    secrets.push(pending, token);

    // A password reset through the emailed link: its token and signature.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user-requests-reset-password',
          payload: { email: 'cm@portal.test' },
        })
      ).statusCode,
    ).toBe(200);
    let mail = null;
    for (let i = 0; i < 100 && !mail?.subject.includes('reset'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      mail = await lastMessageTo(t, 'cm@portal.test');
    }
    const link = new URL(mail!.text.match(/http\S+/)![0]);
    const url = link.searchParams.get('url')!;
    const signature = link.searchParams.get('signature')!;
    const resetToken = new URL(url, 'http://x').searchParams.get('token')!;
    secrets.push(resetToken, signature);
    // The browser opens the link (the web app's page), then the app posts the new password.
    await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const reset = await t.app.inject({
      method: 'POST',
      url: `${url}&signature=${signature}`,
      payload: { password: 'brand-new-pw' },
    });
    expect(reset.statusCode).toBe(200);

    // A download through a ticket.
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.jobNumber, '100234'));
    const [doc] = await t.database.db.select().from(jobDocuments).where(eq(jobDocuments.jobId, job!.id));
    const ticketed = await t.app.inject({
      method: 'POST',
      url: '/api/downloads',
      payload: { path: `/api/jobdocuments/${doc!.id}` },
      headers: auth(token),
    });
    const ticketUrl = ticketed.json<{ url: string }>().url;
    const ticket = new URL(ticketUrl, 'http://x').searchParams.get('dl')!;
    secrets.push(ticket);
    expect((await t.app.inject({ method: 'GET', url: ticketUrl })).statusCode).toBe(200);
    // A wrong call carrying a token in its query is logged without it too.
    await t.app.inject({ method: 'GET', url: `/api/nothing-here?token=${resetToken}` });

    const log = lines.join('');
    expect(log).toContain('/api/set-password?token=[redacted]&signature=[redacted]');
    expect(log).toContain('?dl=[redacted]');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(4);
      expect({ secret, found: log.includes(secret) }).toEqual({ secret, found: false });
    }
    // A four-digit code could be any number in the log: look for it as a word.
    expect(log).not.toMatch(new RegExp(`\\b${code}\\b`));
  });

  it('redacts every query value and keeps the names', () => {
    expect(redactUrl('/api/jobs?page=2&token=abc&flag')).toBe('/api/jobs?page=[redacted]&token=[redacted]&flag');
    expect(redactUrl('/api/jobs')).toBe('/api/jobs');
    // The calendar feed's address is its own secret: its mac never reaches a log line.
    expect(redactUrl('/api/calendar/ics/6.-7vr4Xv5hQpzXRzkRr32bibYCsixljn4ftXG2cqunMc.ics')).toBe(
      '/api/calendar/ics/6.[redacted].ics',
    );
    expect(redactUrl('/api/calendar/ics/6.abc_DEF-123.ics?x=1')).toBe(
      '/api/calendar/ics/6.[redacted].ics?x=[redacted]',
    );
  });
});

describe('the development mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'development', TRUST_PROXY: 'true' }, { seed: false });
  });
  afterAll(() => t.close());

  it('answers loopback requests only', async () => {
    for (const url of ['/api/dev/mail', '/dev/mail']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '::1' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '::ffff:192.168.0.9' })).statusCode).toBe(404);
      // Through a reverse proxy on this machine, the client behind it is not loopback.
      expect(
        (await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode,
      ).toBe(404);
    }
  });

  it('refuses any request carrying a forwarding header, whatever TRUST_PROXY says, even naming loopback', async () => {
    const off = await buildTestApp({ NODE_ENV: 'development', TRUST_PROXY: 'false' }, { seed: false });
    try {
      const forwarding = [
        { 'x-forwarded-for': '203.0.113.7' },
        { 'x-forwarded-for': '127.0.0.1' },
        { forwarded: 'for=203.0.113.7' },
        { forwarded: 'for=127.0.0.1' },
        { 'x-real-ip': '203.0.113.7' },
        { 'x-real-ip': '127.0.0.1' },
      ];
      for (const app of [t.app, off.app]) {
        for (const url of ['/api/dev/mail', '/dev/mail']) {
          expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
          for (const headers of forwarding)
            expect({ headers, status: (await app.inject({ method: 'GET', url, headers })).statusCode }).toEqual({
              headers,
              status: 404,
            });
        }
      }
    } finally {
      await off.close();
    }
  });
});

describe('production', () => {
  it('refuses to start without MAIL_URL and APP_SECRET, saying so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/portal-cfg' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/portal-cfg' });
    } catch (e) {
      expect((e as Error).message).toMatch(/MAIL_URL: required in production/);
      expect((e as Error).message).toMatch(/APP_SECRET: required in production/);
    }
    expect(() => loadConfig({ ...PROD, MAIL_URL: '' })).toThrow(/MAIL_URL/);
    expect(() => loadConfig({ ...PROD, APP_SECRET: '' })).toThrow(/APP_SECRET/);
    expect(loadConfig(PROD).env).toBe('production');
  });

  it('never adds demo data, and refuses SEED_DEMO=true', () => {
    expect(loadConfig(PROD).seedDemo).toBe(false);
    expect(() => loadConfig({ ...PROD, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: demo data is never added in production/,
    );
    expect(loadConfig({ ...PROD, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: '/tmp/portal-cfg' }).seedDemo).toBe(true);
  });

  it('has no development mailbox', async () => {
    const t = await buildTestApp(PROD, { seed: false });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/portal-cfg' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: '/tmp/portal-cfg', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
