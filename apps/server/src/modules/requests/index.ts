/**
 * The admins' pending registrations and profile changes: the list, a request, the decision, and the
 * edit of a registration. Other modules use only what this file exports.
 */
import type { PortalModule } from '../../platform/module.js';
import { requestRoutes } from './requests.routes.js';
import { requestsRules } from './requests.policy.js';

export const requestsModule: PortalModule = { name: 'requests', routes: requestRoutes, rules: [requestsRules] };
