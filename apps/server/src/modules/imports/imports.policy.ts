import type { Actor } from '../../platform/actor.js';
import { authorize, defineRules } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** The back-office import is for system administrators only (403 for anyone else). */
defineRules({ 'admin.import.run': { can: (actor) => holdsAny(actor, 'SYSADMIN') } });

export const assertMayImport = (actor: Actor) => authorize(actor, 'admin.import.run');
