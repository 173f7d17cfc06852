import { defineRules } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** The unused-assessor report is the TA_ADMIN's (spec/02: /admin/reports, TA_ADMIN only). */
defineRules({
  'admin.report.run': { can: (actor) => holdsAny(actor, 'TA_ADMIN') },
});
