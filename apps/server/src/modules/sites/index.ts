/** Sites. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { siteRoutes } from './sites.routes.js';
import { sitesRules } from './sites.policy.js';

export const sitesModule: PortalModule = { name: 'sites', routes: siteRoutes, rules: [sitesRules] };
