/** Sites. Other modules use only what this file exports. */
export { siteRoutes } from './sites.routes.js';
