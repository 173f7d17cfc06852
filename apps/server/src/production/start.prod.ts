import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../test/helpers.js';
import type { PortalProcess } from '../test/processes.js';
import { startProduction, type Production } from './harness.js';

/**
 * Start-up work that must happen once (the migrations, the demo seed) runs under one PostgreSQL
 * advisory lock (db/client.ts `once`): three processes started at the same moment on an empty
 * database with SEED_DEMO seed it once and all serve the same data. SEED_DEMO is refused in
 * production, so these processes run in development mode; everything else is the production suite's.
 */
describe('three processes started together on an empty database with SEED_DEMO', () => {
  let prod: Production;

  beforeAll(async () => {
    prod = await startProduction({ processes: 3, env: { NODE_ENV: 'development', SEED_DEMO: 'true' } });
  });
  afterAll(() => prod?.stop());

  it('all three serve, the demo data was added once, and each signs in a demo account', async () => {
    const seededBy = prod.portals.filter((p: PortalProcess) => /demo data added/.test(p.output()));
    expect(seededBy).toHaveLength(1);
    for (const p of prod.portals) expect(p.output()).not.toMatch(/duplicate key|users_email_lower_idx/);
    const { rows } = (await prod.db.db.execute(
      sql`select count(*)::int as n, count(distinct lower(email))::int as distinct_emails from users`,
    )) as unknown as { rows: { n: number; distinct_emails: number }[] };
    expect(rows[0]!.n).toBeGreaterThan(5);
    expect(rows[0]!.distinct_emails).toBe(rows[0]!.n);
    for (const p of prod.portals) {
      const res = await fetch(`${p.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ar@portal.test', password: DEMO_PASSWORD }),
      });
      expect(res.status).toBe(200);
    }
  });
});

/**
 * The API's pages (API_DOCS, off in production by default) from the bundle: @fastify/swagger-ui is
 * kept out of it (it finds its pages from its own folder) and loaded only when they are served.
 */
describe('API_DOCS on the bundle', () => {
  let prod: Production;

  beforeAll(async () => {
    prod = await startProduction({ processes: 1, env: { API_DOCS: 'true' } });
  });
  afterAll(() => prod?.stop());

  it('serves the documentation page, its scripts and the OpenAPI document', async () => {
    const page = await fetch(`${prod.url}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/swagger-ui/i);
    const script = /src="\.?\/?(static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html.slice(0, 500)).toBeTruthy();
    const asset = await fetch(`${prod.url}/api/docs/${script}`);
    expect(asset.status).toBe(200);
    expect((await asset.text()).length).toBeGreaterThan(1000);
    const doc = await fetch(`${prod.url}/api/docs/json`);
    expect(doc.status).toBe(200);
    expect(((await doc.json()) as { paths: object }).paths).toHaveProperty('/api/jobs');
  });
});
