/** Meeting documents: folders, access, uploads, zips, the document index. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { meetingRoutes } from './meetings.routes.js';
import { meetingsRules } from './meetings.policy.js';
export { nameWords } from './meetings.queries.js';

export const meetingsModule: PortalModule = { name: 'meetings', routes: meetingRoutes, rules: [meetingsRules] };
