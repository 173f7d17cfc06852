import type { Actor } from '../../platform/actor.js';
import { RuleSet } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** Which admin role decides a reset of the user's second factors (`managerOf` every role they hold). */
export interface ResetFacts {
  handler: 'SYSADMIN' | 'TA_ADMIN';
}

const isAdmin = (actor: Actor) => holdsAny(actor, 'SYSADMIN', 'TA_ADMIN');

/** The area's access rules, listed in its module descriptor (index.ts). */
export const secondFactorsRules = new RuleSet();

/**
 * One's own app, passkeys and recovery codes: any signed-in user, on themselves. The reset of a
 * user's second factors follows who manages the user (DECISIONS "Who manages whom"): a TA_ADMIN
 * resets the factors of users whose roles are all TA or LA (anyone else is not seen: 404), a
 * SYSADMIN everyone else's and sees every user (an assessor-only user's reset answers them 403);
 * anyone else 403. Decided from every role the actor holds, whatever their view, as the users rules.
 */
secondFactorsRules.define<ResetFacts>({
  'auth.secondFactor.manage': {},
  'admin.secondFactor.reset': {
    can: isAdmin,
    sees: (actor, r) => holdsAny(actor, 'SYSADMIN', r.handler),
    may: (actor, r) => holdsAny(actor, r.handler),
  },
});
