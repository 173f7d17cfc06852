import { RuleSet } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** The area's access rules, listed in its module descriptor (index.ts). */
export const importsRules = new RuleSet();

/** The back-office import is for system administrators only (403 for anyone else). */
importsRules.define({ 'admin.import.run': { can: (actor) => holdsAny(actor, 'SYSADMIN') } });
