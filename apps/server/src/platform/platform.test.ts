import { sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared';
import { ConfigError, loadConfig } from '../config.js';
import { twoFactorCodes } from '../db/schema/index.js';
import { DataDirLockedError, openPglite, rowsOf } from '../db/client.js';
import { auth, buildTestApp, lastCodeTo, login, type TestApp } from '../test/helpers.js';

const open: TestApp[] = [];
async function app(env: Record<string, string> = {}) {
  const t = await buildTestApp(env);
  open.push(t);
  return t;
}
afterAll(async () => {
  for (const t of open) await t.close();
});

describe('the HTTP shell', () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal app</title>');

  it('answers health when the database answers', async () => {
    const t = await app({ WEB_DIST: webDist });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('serves the app for every non-API path, with a strict CSP', async () => {
    const t = await app({ WEB_DIST: webDist });
    for (const url of ['/', '/dashboard', '/job/12', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('portal app');
    }
    // HEAD as GET without the body (uptime checks and link checkers ask with HEAD).
    for (const url of ['/', '/dashboard']) {
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toContain('text/html');
      expect(head.body).toBe('');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/api/no-such-call' })).statusCode).toBe(404);
    const csp = (await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('sends an asset precompressed when the browser accepts it', async () => {
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    const js = 'console.log("portal");\n'.repeat(100);
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), js);
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js.gz'), gzipSync(js));
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js.br'), brotliCompressSync(js));
    const t = await app({ WEB_DIST: webDist });
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    expect(plain.headers['cache-control']).toContain('immutable');
  });

  it('serves the files at the top of the build as they are, fresh each time', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    writeFileSync(path.join(webDist, 'favicon.svg'), svg);
    writeFileSync(path.join(webDist, 'favicon.svg.br'), brotliCompressSync(svg));
    const t = await app({ WEB_DIST: webDist });
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(icon.rawPayload).toString()).toBe(svg);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'HEAD', url: '/favicon.svg' })).statusCode).toBe(200);
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('portal app');
    // A file that is not there is a 404, not the app.
    expect((await t.app.inject({ method: 'GET', url: '/missing.svg' })).statusCode).toBe(404);
  });

  it('answers JSON 404 for an unknown API path and never serves the app there', async () => {
    const t = await app({ WEB_DIST: webDist });
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const t = await app();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/twofactor/verify', '/api/notifications']),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('shows the dev mailbox outside production only', async () => {
    const t = await app();
    await login(t, 'ar@portal.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(res.json().messages[0]).toMatchObject({ kind: 'email', to: 'ar@portal.test' });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.body).toContain('Development mailbox');
    const prod = await app({ NODE_ENV: 'production', MAIL_URL: 'smtp://127.0.0.1:2525', WEB_DIST: webDist });
    expect((await prod.app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
    expect((await prod.app.inject({ method: 'GET', url: '/dev/mail' })).body).not.toContain('Development mailbox');
  });
});

describe('configuration', () => {
  it('fails fast listing every bad setting', () => {
    expect(() => loadConfig({ PORT: 'abc', MAIL_URL: 'http://x', DATA_DIR: '/tmp/portal-cfg' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', MAIL_URL: 'http://x', DATA_DIR: '/tmp/portal-cfg' });
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT/);
      expect((e as Error).message).toMatch(/MAIL_URL/);
    }
  });

  it('takes a variable set to an empty string as not set', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/portal-cfg', DATABASE_URL: '', MAIL_URL: '', PORT: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });

  it('keeps a generated secret in the data directory across starts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir }).secret).toBe(loadConfig({ DATA_DIR: dir }).secret);
  });
});

describe('the embedded database', () => {
  it('refuses a second process on the same data directory', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    // A lock held by a live process that is not us (our parent).
    writeFileSync(path.join(dir, 'portal.lock'), String(process.ppid));
    await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
    await expect(openPglite(dir)).rejects.toThrow(/Another portal process/);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    writeFileSync(path.join(dir, 'portal.lock'), '999999');
    const db = await openPglite(dir);
    // Its buffer pool is the embedded database's, not initdb's 128 MB (db/client.ts, pgliteStartParams).
    const [shown] = await rowsOf<{ shared_buffers: string }>(db.db, sql`show shared_buffers`);
    expect(shown?.shared_buffers).toBe('32MB');
    await db.close();
    // A data directory on disk is made and migrated from nothing: tens of seconds on a loaded machine.
  }, 120_000);
});

describe('mail and SMS delivery', () => {
  it('sends codes over SMTP when MAIL_URL is set', async () => {
    const received: { to: string; text: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        simpleParser(stream)
          .then((m) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: m.text ?? '' });
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.server.address() as AddressInfo).port;
    try {
      const t = await app({ MAIL_URL: `smtp://127.0.0.1:${port}` });
      const res = await login(t, 'ta@portal.test');
      expect(res.statusCode).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toBe('ta@portal.test');
      const code = received[0]!.text.match(/\b(\d{4})\b/)![1];
      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/twofactor/verify',
        headers: auth(res.json().token),
        payload: { code },
      });
      expect(verify.statusCode).toBe(200);
    } finally {
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });

  it('POSTs SMS as JSON {to, body} to SMS_URL', async () => {
    const got: { to: string; body: string }[] = [];
    const server = createServer((req: IncomingMessage, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        got.push(JSON.parse(data) as { to: string; body: string });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const t = await app({ SMS_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms` });
      const token = await (async () => {
        const res = await login(t, 'la@portal.test');
        const code = await lastCodeTo(t, 'la@portal.test');
        return (
          await t.app.inject({
            method: 'POST',
            url: '/api/twofactor/verify',
            headers: auth(res.json().token),
            payload: { code },
          })
        ).json().token as string;
      })();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/twofactor/send2fasetupcode',
        headers: auth(token),
        payload: { data: '+61411122233' },
      });
      expect(res.statusCode).toBe(200);
      expect(got).toHaveLength(1);
      expect(got[0]!.to).toBe('+61411122233');
      expect(got[0]!.body).toMatch(/\b\d{4}\b/);
    } finally {
      server.close();
    }
  });

  it('tells the user when a code cannot be sent', async () => {
    const t = await app({ MAIL_URL: 'smtp://127.0.0.1:1' });
    const res = await login(t, 'ta@portal.test');
    expect(res.statusCode).toBe(200);
    await t.database.db.update(twoFactorCodes).set({ sentAt: new Date(Date.now() - 60_000) });
    const resend = await t.app.inject({
      method: 'GET',
      url: '/api/twofactor/send2faCodeOnEmail',
      headers: auth(res.json().token),
    });
    expect(resend.statusCode).toBe(502);
    expect(resend.json().message).toBe(MESSAGES.twoFactorSendFailed);
  });
});

describe('housekeeping', () => {
  it('removes expired sessions and keeps live ones', async () => {
    const { purgeExpired } = await import('./housekeeping.js');
    const { sessions } = await import('../db/schema/index.js');
    const t = await app();
    const live = await login(t, 'ar@portal.test');
    await t.database.db
      .insert(sessions)
      .values({ tokenHash: 'x', userId: 1, stage: 'active', expiresAt: new Date(Date.now() - 1000) });
    await purgeExpired(t.app.deps);
    const rows = await t.database.db.select().from(sessions);
    expect(rows.map((r) => r.tokenHash)).not.toContain('x');
    expect(rows).toHaveLength(1);
    expect(live.statusCode).toBe(200);
  });
});
