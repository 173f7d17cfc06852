/** The assessors' useful resources, and the back office's. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { resourceRoutes } from './resources.routes.js';
import { resourcesRules } from './resources.policy.js';
export { importResources } from './resources.import.js';

export const resourcesModule: PortalModule = { name: 'resources', routes: resourceRoutes, rules: [resourcesRules] };
