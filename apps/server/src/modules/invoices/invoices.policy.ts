import { RuleSet } from '../../platform/access.js';
import { invoiceScope } from './invoices.queries.js';

/** The area's access rules, listed in its module descriptor (index.ts). */
export const invoicesRules = new RuleSet();

/**
 * Invoices are seen in the AR view only (another view: 403), and only those of the facilities the
 * AR represents through at least one site (DECISIONS-local "Invoices and billing details"). The
 * job an invoice names is linked only when the AR may see that job ('jobs.job.view').
 */
invoicesRules.define({
  'invoices.invoice.list': {
    can: (actor) => actor.view === 'AR',
    scope: (_actor, me) => invoiceScope(me),
  },
});
