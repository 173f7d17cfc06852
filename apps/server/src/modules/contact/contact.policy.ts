import { RuleSet } from '../../platform/access.js';

/** The area's access rules, listed in its module descriptor (index.ts). */
export const contactRules = new RuleSet();

/**
 * The contact form (spec/02 "Contact"): any signed-in user may send it (the sidebar shows it to CM,
 * AR, TA and LA; admins may use the page too). Signed-out visitors send it without a session; the
 * route is open to them and counted per address and sender email instead.
 */
contactRules.define({ 'contact.message.send': {} });
