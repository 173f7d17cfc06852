/**
 * The public registration wizard: the facility lookup, the publication categories of step 4, and
 * the registration itself. Other modules use only what this file exports.
 */
export { registrationRoutes } from './registration.routes.js';
export { fullName, settleRegistration } from './registration.service.js';
export { findCommitteesByIds, findUserIdByEmail, subcategoriesOf } from './registration.queries.js';
