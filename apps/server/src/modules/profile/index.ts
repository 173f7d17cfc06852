/**
 * One's own profile and the changes one asks for, an assessor's competency PDF and suggested-changes
 * documents (and the TA admin's view of them). Other modules use only what this file exports.
 */
import type { PortalModule } from '../../platform/module.js';
import { profileRoutes } from './profile.routes.js';
import { profileRules } from './profile.policy.js';
export { findSuggestionOfRequest, findUserInfo, upsertUserInfo } from './profile.queries.js';
export { contactColumns, saveUserInfo } from './profile.contact.js';

export const profileModule: PortalModule = { name: 'profile', routes: profileRoutes, rules: [profileRules] };
