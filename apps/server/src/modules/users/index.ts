/**
 * The admin's user management: All Users, a user's profile, Edit Personal Details, activation,
 * deactivation, deletion and the forum write permission. Other modules use only what this file exports.
 */
import type { PortalModule } from '../../platform/module.js';
import { userRoutes } from './users.routes.js';
import { usersRules } from './users.policy.js';

export const usersModule: PortalModule = { name: 'users', routes: userRoutes, rules: [usersRules] };
