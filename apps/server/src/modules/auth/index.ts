/** Signing in, second factors, passwords and links. Other modules use only what this file exports. */
export { authRoutes } from './auth.routes.js';
export { createActivationLink, endAccessOf } from './auth.service.js';
export { secondFactorRoutes } from './second-factors.routes.js';
