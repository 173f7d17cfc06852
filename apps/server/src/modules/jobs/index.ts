/** Jobs: lists by view, a job's page. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { jobRoutes } from './jobs.routes.js';
import { jobsRules } from './jobs.policy.js';

export const jobsModule: PortalModule = { name: 'jobs', routes: jobRoutes, rules: [jobsRules] };
