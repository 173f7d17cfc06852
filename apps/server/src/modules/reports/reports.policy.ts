import { RuleSet } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** The area's access rules, listed in its module descriptor (index.ts). */
export const reportsRules = new RuleSet();

/** The unused-assessor report is the TA_ADMIN's (spec/02: /admin/reports, TA_ADMIN only). */
reportsRules.define({
  'admin.report.run': { can: (actor) => holdsAny(actor, 'TA_ADMIN') },
});
