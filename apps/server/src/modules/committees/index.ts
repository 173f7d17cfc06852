/** Committees and their members. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { committeeRoutes } from './committees.routes.js';
import { committeesRules } from './committees.policy.js';

export const committeesModule: PortalModule = { name: 'committees', routes: committeeRoutes, rules: [committeesRules] };
