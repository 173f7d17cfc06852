/** The audit trail's reading and export (SYSADMIN). Records are written by platform/audit.ts. */
import type { PortalModule } from '../../platform/module.js';
import { auditRoutes } from './audit.routes.js';
import { auditRules } from './audit.policy.js';

export const auditModule: PortalModule = { name: 'audit', routes: auditRoutes, rules: [auditRules] };
