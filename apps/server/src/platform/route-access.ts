import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Action } from '@portal/shared';
import { registeredActions } from './access.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The action of platform/access.ts the route performs: its rule decides who may. Every /api
     * route names one, or is public (`auth: 'none'` or `'optional'`): buildApp refuses to start
     * otherwise (`checkRouteAccess`).
     */
    action?: Action;
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  action: Action | undefined;
  public: boolean;
}

/** Notes every route as it is added, with what it says about access; read by checkRouteAccess. */
export function noteRoutes(app: FastifyInstance): RouteAccess[] {
  const routes: RouteAccess[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = route.config as { action?: Action; auth?: string } | undefined;
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routes.push({
          method,
          url: route.url,
          action: config?.action,
          public: config?.auth === 'none' || config?.auth === 'optional',
        });
  });
  return routes;
}

/**
 * Every /api route names an action that has a rule, or says it is public: a route added without
 * either would be decided by nothing but what its handler happens to check. Throws, naming each.
 */
export function checkRouteAccess(routes: RouteAccess[]): void {
  const ruled = new Set(registeredActions());
  const wrong = routes
    .filter((r) => r.url.startsWith('/api/') && !/^\/api\/docs(\/|$)/.test(r.url))
    .flatMap((r) => {
      if (r.action === undefined)
        return r.public ? [] : [`${r.method} ${r.url}: names no action (config.action) and is not public`];
      if (r.public) return [`${r.method} ${r.url}: is public and names ${r.action}: one or the other`];
      return ruled.has(r.action) ? [] : [`${r.method} ${r.url}: ${r.action} has no rule in an <area>.policy.ts`];
    });
  if (wrong.length > 0) throw new Error(`routes without an access rule:\n  ${wrong.join('\n  ')}`);
}
