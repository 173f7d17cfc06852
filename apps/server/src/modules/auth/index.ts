/** Signing in, second factors, passwords and links. Other modules use only what this file exports. */
import fastifyCookie from '@fastify/cookie';
import type { PortalModule } from '../../platform/module.js';
import { authRules } from './auth.policy.js';
import { authRoutes } from './auth.routes.js';
import { secondFactorsRules } from './second-factors.policy.js';
import { secondFactorRoutes } from './second-factors.routes.js';

export { createActivationLink, endAccessOf } from './auth.service.js';

export const authModule: PortalModule = {
  name: 'auth',
  // The remember-me cookie is read and set by the sign-in routes only: the cookie plugin is
  // registered in this module's own scope, so its two hooks (parsing each request, writing each
  // answer) run on these routes and not on every call.
  routes: async (app, opts) => {
    await app.register(fastifyCookie, { secret: opts.deps.config.secret });
    await app.register(authRoutes, opts);
    await app.register(secondFactorRoutes, opts);
  },
  rules: [authRules, secondFactorsRules],
};
