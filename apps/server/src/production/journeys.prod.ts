import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo-data.js';
import { makeUser } from '../test/factories/users.js';
import { call, codeFor, cookieOf, signIn } from './client.js';
import { METRICS_TOKEN, startProduction, type Production } from './harness.js';

/**
 * What a member and an operator meet first, through the round-robin proxy (consecutive requests
 * land on different processes): the probes, the metrics, signing in with the emailed code and
 * remember-me. Production refuses SEED_DEMO: the accounts are made with the test factories.
 */
describe('signing in and the operator’s probes, through the proxy', () => {
  let prod: Production;

  beforeAll(async () => {
    prod = await startProduction({ processes: 2 });
  });
  afterAll(() => prod?.stop());

  it('answers liveness and readiness on every process, and serves the web app', async () => {
    for (let i = 0; i < prod.portals.length; i++) {
      const live = await call(prod.url, 'GET', '/api/health');
      expect(live.status).toBe(200);
      expect(live.json()).toMatchObject({ status: 'ok' });
      expect((await call(prod.url, 'GET', '/api/health/ready')).json()).toEqual({ status: 'ready' });
    }
    const page = await call(prod.url, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('gives the metrics to the token only, from each process', async () => {
    expect((await call(prod.url, 'GET', '/api/metrics')).status).toBe(401);
    expect((await call(prod.url, 'GET', '/api/metrics', { token: 'not-the-token' })).status).toBe(401);
    for (const p of prod.portals) {
      // Each process counts its own requests: one readiness probe of its own first.
      await call(p.url, 'GET', '/api/health/ready');
      const res = await call(p.url, 'GET', '/api/metrics', { token: METRICS_TOKEN });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.text()).toMatch(/portal_http_request_duration_seconds_count\{[^}]*route="\/api\/health\/ready"/);
      expect(res.text()).toMatch(/portal_db_pool_in_use \d+/);
    }
  });

  it('signs in with the password on one process and the emailed code on the other', async () => {
    const user = await makeUser(prod.db.db, { roles: ['AR'], firstName: 'Ada', lastName: 'Rep' });
    const login = await call(prod.url, 'POST', '/api/login', {
      body: { username: user.email, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.json()).toMatchObject({ two_factor_required: true, tf_type: 'email' });
    const pending = login.json<{ token: string }>().token;
    // Before its second factor the token opens nothing else.
    expect((await call(prod.url, 'GET', '/api/activeuser', { token: pending })).status).toBe(401);
    const verify = await call(prod.url, 'POST', '/api/twofactor/verify', {
      token: pending,
      body: { code: await codeFor(prod.sink, user.email) },
    });
    expect(verify.status).toBe(200);
    const token = verify.json<{ token: string }>().token;
    for (let i = 0; i < 2; i++) {
      const me = await call(prod.url, 'GET', '/api/activeuser', { token });
      expect(me.status).toBe(200);
      expect(me.json()).toMatchObject({ user: { email: user.email, first_name: 'Ada' } });
    }
    expect((await call(prod.url, 'GET', '/api/logout', { token })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await call(prod.url, 'GET', '/api/activeuser', { token })).status).toBe(401);
  });

  it('remember-me at the two-factor step skips the code at the next sign-in, on the other process', async () => {
    const user = await makeUser(prod.db.db, { roles: ['TA'] });
    const { verify } = await signIn(prod.sink, user.email, prod.url, prod.url, { remember: true });
    const remembered = cookieOf(verify, 'remember_me');
    expect(remembered).toBeTruthy();
    const codes = async () =>
      (await prod.sink.messages()).filter((m) => m.to.includes(user.email) && /verification code/.test(m.subject))
        .length;
    const before = await codes();
    for (let i = 0; i < 2; i++) {
      const again = await call(prod.url, 'POST', '/api/login', {
        body: { username: user.email, password: DEMO_PASSWORD },
        headers: { cookie: `remember_me=${remembered}` },
      });
      expect(again.status).toBe(200);
      expect(again.json().two_factor_required).toBe(false);
      const token = again.json<{ token: string }>().token;
      expect((await call(prod.url, 'GET', '/api/activeuser', { token })).status).toBe(200);
    }
    // Without the cookie (another browser) the code is still asked for.
    const other = await call(prod.url, 'POST', '/api/login', {
      body: { username: user.email, password: DEMO_PASSWORD },
    });
    expect(other.json().two_factor_required).toBe(true);
    for (let i = 0; i < 150 && (await codes()) === before; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await codes()).toBe(before + 1);
  });

  // Last: it uses up this address's sign-in limit for the minute.
  it('counts the sign-in limit in Redis, once for both processes', async () => {
    const limit = 20; // auth.routes.ts: 20 sign-ins a minute from one address (RATE_LIMIT_FACTOR 1)
    const statuses: number[] = [];
    for (let i = 0; i <= limit && !statuses.includes(429); i++)
      statuses.push(
        (
          await call(prod.url, 'POST', '/api/login', {
            body: { username: `nobody${i}@nowhere.test`, password: 'not-the-password' },
          })
        ).status,
      );
    // Each process alone would have let `limit` through: together they refused the address sooner.
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429 && s !== 401)).toEqual([]);
  });
});
