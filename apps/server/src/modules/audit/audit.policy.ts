import { defineRules } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/**
 * The audit trail is read by system administrators only (403 for anyone else). It has no list
 * scope: a SYSADMIN reads every record, and nobody else reads any.
 */
defineRules({ 'admin.audit.read': { can: (actor) => holdsAny(actor, 'SYSADMIN') } });
