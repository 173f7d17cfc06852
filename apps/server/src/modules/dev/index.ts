/** The development mailbox (never in production). Other modules use only what this file exports. */
export { devRoutes } from './dev.routes.js';
