/** One's notification email preference. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { emailRoutes } from './email.routes.js';
import { emailRules } from './email.policy.js';

export const emailModule: PortalModule = { name: 'email', routes: emailRoutes, rules: [emailRules] };
