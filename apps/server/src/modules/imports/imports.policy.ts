import { defineRules } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** The back-office import is for system administrators only (403 for anyone else). */
defineRules({ 'admin.import.run': { can: (actor) => holdsAny(actor, 'SYSADMIN') } });
