/** Meeting documents: folders, access, uploads, zips, the document index. Other modules use only what this file exports. */
export { meetingRoutes } from './meetings.routes.js';
export { nameWords } from './meetings.queries.js';
