import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobDocuments, jobs } from '../db/schema/index.js';
import { auth, buildTestApp, lastMessageTo, login } from '../test/helpers.js';
import { safeError } from './logging.js';

/**
 * The whole log of a server (at trace level, every line Fastify and the services write) after a
 * sign-in with a code, a password reset and a file download holds none of their secrets, and every
 * line written while answering a request carries its request id.
 */
describe('the log', () => {
  it('holds no code, token, signature or download ticket, and request lines carry their id', async () => {
    const lines: string[] = [];
    const t = await buildTestApp(
      { LOG_LEVEL: 'trace' },
      { seed: true, logStream: { write: (l) => void lines.push(l) } },
    );
    const secrets: string[] = [];
    try {
      // A sign-in with its emailed code.
      const signIn = await login(t, 'ar@portal.test');
      const pending = signIn.json<{ token: string }>().token;
      const code = (await lastMessageTo(t, 'ar@portal.test'))!.text.match(/\b(\d{4})\b/)![1]!;
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/twofactor/verify',
        headers: auth(pending),
        payload: { code, remember: true },
      });
      expect(verified.statusCode).toBe(200);
      const token = verified.json<{ token: string }>().token;
      secrets.push(pending, token);

      // A password reset through its mailed link.
      await t.app.inject({
        method: 'POST',
        url: '/api/user-requests-reset-password',
        payload: { email: 'cm@portal.test' },
      });
      let mail = null;
      for (let i = 0; i < 100 && !mail?.subject.includes('reset'); i++) {
        await new Promise((r) => setTimeout(r, 20));
        mail = await lastMessageTo(t, 'cm@portal.test');
      }
      const link = new URL(mail!.text.match(/http\S+/)![0]);
      const url = link.searchParams.get('url')!;
      const signature = link.searchParams.get('signature')!;
      const resetToken = new URL(url, 'http://x').searchParams.get('token')!;
      expect(resetToken.length).toBeGreaterThan(10);
      secrets.push(signature, resetToken);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/set-password/check?token=${resetToken}&signature=${signature}`,
          })
        ).statusCode,
      ).toBeLessThan(500);
      const reset = await t.app.inject({
        method: 'POST',
        url: `${url}&signature=${signature}`,
        payload: { password: 'brand-new-pw' },
      });
      expect(reset.statusCode).toBe(200);

      // A file downloaded through a download link (its ticket in the query string).
      const [doc] = await t.database.db
        .select({ id: jobDocuments.id })
        .from(jobDocuments)
        .innerJoin(jobs, eq(jobs.id, jobDocuments.jobId))
        .where(eq(jobs.jobNumber, '100234'))
        .limit(1);
      const ticket = await t.app.inject({
        method: 'POST',
        url: '/api/downloads',
        payload: { path: `/api/jobdocuments/${doc!.id}` },
        headers: auth(token),
      });
      expect(ticket.statusCode).toBe(200);
      const downloadUrl = ticket.json<{ url: string }>().url;
      const dl = new URL(downloadUrl, 'http://x').searchParams.get('dl')!;
      secrets.push(dl);
      expect((await t.app.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(200);
      // A cookie-carried remember-me secret and a made-up bearer token in a refused request.
      const remember = verified.cookies.find((c) => c.name.includes('remember'))?.value;
      if (remember) secrets.push(remember);
      await t.app.inject({
        method: 'GET',
        url: '/api/activeuser',
        headers: { authorization: 'Bearer made-up-secret-token-0123456789' },
      });
      secrets.push('made-up-secret-token-0123456789');

      const log = lines.join('');
      // A line for each of the eight requests above, at least.
      expect(lines.filter((l) => l.includes('"msg":"request completed"')).length).toBeGreaterThanOrEqual(8);
      for (const secret of secrets)
        expect(log.includes(secret), `a secret of ${secret.length} characters is in the log`).toBe(false);
      // The code: 4 digits, not inside a longer number (times, ids).
      expect(log).not.toMatch(new RegExp(`(?<![0-9.])${code}(?![0-9.])`));
      expect(log).not.toMatch(/verification code is/);
      // Every line here was written for a request, the services' too (the mailbox's, the reset mail's
      // sent after the answer): each names its request.
      const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
      expect(parsed.filter((l) => typeof l.reqId !== 'string').map((l) => l.msg)).toEqual([]);
      expect(parsed.some((l) => /\[dev email\]/.test(l.msg ?? '') && l.reqId)).toBe(true);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('has one line for each request at info, written when it is answered, with its status and time', async () => {
    const lines: string[] = [];
    const t = await buildTestApp(
      { LOG_LEVEL: 'info' },
      { seed: false, logStream: { write: (l) => void lines.push(l) } },
    );
    try {
      const asked = [
        ['/api/health', 200],
        ['/api/no-such-call?token=a-secret-in-a-query', 404],
        ['/api/activeuser', 401],
      ] as const;
      for (const [url, status] of asked) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(status);
      type Line = {
        reqId?: string;
        msg?: string;
        req?: { method: string; url: string };
        res?: { statusCode: number };
        responseTime?: number;
      };
      const requestLines = lines.map((l) => JSON.parse(l) as Line).filter((l) => l.reqId);
      expect(requestLines.map((l) => l.msg)).not.toContain('incoming request');
      const completed = requestLines.filter((l) => l.msg === 'request completed');
      expect(completed.map((l) => [l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
        ['GET', '/api/health', 200],
        ['GET', '/api/no-such-call?token=[redacted]', 404],
        ['GET', '/api/activeuser', 401],
      ]);
      expect(new Set(completed.map((l) => l.reqId)).size).toBe(3);
      for (const l of completed) expect(l.responseTime).toBeGreaterThanOrEqual(0);
    } finally {
      await t.close();
    }
  });

  it("an error of a failed query is logged without the query's parameters", () => {
    const failed = Object.assign(
      new Error('Failed query: insert into mail_outbox ...\nparams: 1234,reset-link-secret'),
      {
        query: 'insert into mail_outbox ...',
        params: [1234, 'reset-link-secret'],
        cause: Object.assign(new Error('connection terminated'), { code: '57P01' }),
      },
    );
    const logged = JSON.stringify(safeError(failed));
    expect(logged).not.toContain('reset-link-secret');
    expect(logged).toContain('insert into mail_outbox');
    expect(logged).toContain('57P01');
  });
});
