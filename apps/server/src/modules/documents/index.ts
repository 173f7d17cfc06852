/** Job and site documents: upload, review, download. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { documentRoutes } from './documents.routes.js';
import { documentsRules } from './documents.policy.js';

export const documentsModule: PortalModule = { name: 'documents', routes: documentRoutes, rules: [documentsRules] };
