/** The audit trail's reading and export (SYSADMIN). Records are written by platform/audit.ts. */
export { auditRoutes } from './audit.routes.js';
