/** The committees' forum: discussions, replies, attachments, follows, search. Other modules use only what this file exports. */
export { forumRoutes } from './forum.routes.js';
export { sanitizePost, textOfPost } from './forum.sanitize.js';
