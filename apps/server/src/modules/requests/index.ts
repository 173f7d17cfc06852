/**
 * The admins' pending registrations and profile changes: the list, a request, the decision, and the
 * edit of a registration. Other modules use only what this file exports.
 */
export { requestRoutes } from './requests.routes.js';
