/** The assessors' useful resources, and the back office's. Other modules use only what this file exports. */
export { resourceRoutes } from './resources.routes.js';
export { importResources } from './resources.import.js';
