/** The committees' forum: discussions, replies, attachments, follows, search. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { forumRoutes } from './forum.routes.js';
import { forumRules } from './forum.policy.js';
export { sanitizePost, textOfPost } from './forum.sanitize.js';

export const forumModule: PortalModule = { name: 'forum', routes: forumRoutes, rules: [forumRules] };
