/**
 * The admin's user management: All Users, a user's profile, Edit Personal Details, activation,
 * deactivation, deletion and the forum write permission. Other modules use only what this file exports.
 */
export { userRoutes } from './users.routes.js';
