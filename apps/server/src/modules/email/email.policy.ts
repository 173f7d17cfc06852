import { RuleSet } from '../../platform/access.js';

/** The area's access rules, listed in its module descriptor (index.ts). */
export const emailRules = new RuleSet();

/** One's own email preference: any signed-in user. */
emailRules.define({ 'notifications.email.update': {} });
