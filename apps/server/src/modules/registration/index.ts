/**
 * The public registration wizard: the facility lookup, the publication categories of step 4, and
 * the registration itself. Other modules use only what this file exports.
 */
import type { PortalModule } from '../../platform/module.js';
import { registrationRoutes } from './registration.routes.js';
import { registrationRules } from './registration.policy.js';
export { fullName, settleRegistration } from './registration.service.js';
export { findCommitteesByIds, findUserIdByEmail, subcategoriesOf } from './registration.queries.js';

export const registrationModule: PortalModule = {
  name: 'registration',
  routes: registrationRoutes,
  rules: [registrationRules],
};
