/** Facilities (and the 'Update Contact Details' modal). Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { facilityRoutes } from './facilities.routes.js';
import { facilitiesRules } from './facilities.policy.js';

export const facilitiesModule: PortalModule = { name: 'facilities', routes: facilityRoutes, rules: [facilitiesRules] };
