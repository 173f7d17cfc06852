/** The admins' reports: today the unused-assessor report. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { reportRoutes } from './reports.routes.js';
import { reportsRules } from './reports.policy.js';

export const reportsModule: PortalModule = { name: 'reports', routes: reportRoutes, rules: [reportsRules] };
