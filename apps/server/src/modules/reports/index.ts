/** The admins' reports: today the unused-assessor report. Other modules use only what this file exports. */
export { reportRoutes } from './reports.routes.js';
