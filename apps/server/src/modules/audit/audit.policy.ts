import { RuleSet } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** The area's access rules, listed in its module descriptor (index.ts). */
export const auditRules = new RuleSet();

/**
 * The audit trail is read by system administrators only (403 for anyone else). It has no list
 * scope: a SYSADMIN reads every record, and nobody else reads any.
 */
auditRules.define({ 'admin.audit.read': { can: (actor) => holdsAny(actor, 'SYSADMIN') } });
