import type { Actor } from '../../platform/actor.js';
import { defineRules } from '../../platform/access.js';

/** Which admin view decides a reset of the user's second factors (as a request of theirs would be). */
export interface ResetFacts {
  handler: 'SYSADMIN' | 'TA_ADMIN';
}

const adminView = (actor: Actor) => actor.view === 'SYSADMIN' || actor.view === 'TA_ADMIN';

/**
 * One's own app, passkeys and recovery codes: any signed-in user, on themselves. The reset of a
 * user's second factors follows the requests' rule (DECISIONS "Who handles a request"): a TA_ADMIN
 * resets assessors' (users holding TA or LA), a SYSADMIN everyone else's and sees every user (an
 * assessor's reset answers them 403); anyone else 403.
 */
defineRules<ResetFacts>({
  'auth.secondFactor.manage': {},
  'admin.secondFactor.reset': {
    can: adminView,
    sees: (actor, r) => actor.view === 'SYSADMIN' || r.handler === 'TA_ADMIN',
    may: (actor, r) => r.handler === actor.view,
  },
});
