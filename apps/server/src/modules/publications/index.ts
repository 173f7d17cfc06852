/** Publications and subscriptions, and the back office's publications. Other modules use only what this file exports. */
export { publicationRoutes } from './publications.routes.js';
export { importPublications } from './publications.import.js';
