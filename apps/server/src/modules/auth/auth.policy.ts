import { defineRules } from '../../platform/access.js';

/**
 * One's own account: any signed-in user, on themselves (the authenticate hook has already decided
 * which stage of sign-in each call needs).
 */
defineRules({
  'auth.session.view': {},
  'auth.session.end': {},
  'auth.password.change': {},
  'auth.twofactor.setup': {},
});
