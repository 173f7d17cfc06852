import { RuleSet } from '../../platform/access.js';

/** The area's access rules, listed in its module descriptor (index.ts). */
export const authRules = new RuleSet();

/**
 * One's own account: any signed-in user, on themselves (the authenticate hook has already decided
 * which stage of sign-in each call needs).
 */
authRules.define({
  'auth.session.view': {},
  'auth.session.end': {},
  'auth.password.change': {},
  'auth.twofactor.setup': {},
});
