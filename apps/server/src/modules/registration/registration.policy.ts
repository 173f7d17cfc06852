import { RuleSet } from '../../platform/access.js';

/** The area's access rules, listed in its module descriptor (index.ts). */
export const registrationRules = new RuleSet();

/** Anyone may register, signed in or not (the public wizard; counted per address at its routes). */
registrationRules.define({
  'registration.request.create': {},
});
