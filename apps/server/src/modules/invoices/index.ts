/** Invoices. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { invoiceRoutes } from './invoices.routes.js';
import { invoicesRules } from './invoices.policy.js';

export const invoicesModule: PortalModule = { name: 'invoices', routes: invoiceRoutes, rules: [invoicesRules] };
