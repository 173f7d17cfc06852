/** Jobs: lists by view, a job's page. Other modules use only what this file exports. */
export { jobRoutes } from './jobs.routes.js';
