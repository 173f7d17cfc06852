/** Publications and subscriptions, and the back office's publications. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { publicationRoutes } from './publications.routes.js';
import { publicationsRules } from './publications.policy.js';
export { importPublications } from './publications.import.js';

export const publicationsModule: PortalModule = {
  name: 'publications',
  routes: publicationRoutes,
  rules: [publicationsRules],
};
