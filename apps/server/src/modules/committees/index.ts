/** Committees and their members. Other modules use only what this file exports. */
export { committeeRoutes } from './committees.routes.js';
