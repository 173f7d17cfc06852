import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../modules/index.js';
import { registerRules } from '../platform/access.js';
import { checkRouteAccess, noteRoutes } from '../platform/route-access.js';

/** An app with the modules' rules and one route of the test's own, checked as buildApp checks. */
async function check(config: Record<string, unknown> | undefined) {
  registerRules(MODULES.flatMap((m) => m.rules ?? []));
  const app = Fastify();
  const routes = noteRoutes(app);
  app.get('/api/new-thing', { config }, async () => ({}));
  app.get('/elsewhere', async () => ({}));
  await app.ready();
  await app.close();
  return () => checkRouteAccess(routes);
}

describe('every /api route names an action with a rule, or is public', () => {
  it('refuses a route that names nothing', async () => {
    expect(await check(undefined)).toThrow(/GET \/api\/new-thing: names no action/);
  });

  it('refuses an action that has no rule, and a public route that names one', async () => {
    expect(await check({ action: 'jobs.job.nothing' })).toThrow(/jobs\.job\.nothing has no rule/);
    expect(await check({ auth: 'none', action: 'jobs.job.list' })).toThrow(/is public and names jobs\.job\.list/);
  });

  it('takes an action with a rule, and a public route; leaves routes outside /api alone', async () => {
    expect(await check({ action: 'jobs.job.list' })).not.toThrow();
    expect(await check({ auth: 'none' })).not.toThrow();
  });
});
