/** The contact form, signed in or out. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { contactRoutes } from './contact.routes.js';
import { contactRules } from './contact.policy.js';

export const contactModule: PortalModule = { name: 'contact', routes: contactRoutes, rules: [contactRules] };
