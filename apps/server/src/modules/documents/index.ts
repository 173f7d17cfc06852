/** Job and site documents: upload, review, download. Other modules use only what this file exports. */
export { documentRoutes } from './documents.routes.js';
