import { RuleSet } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/**
 * Useful resources are for technical assessors (spec/02: the sidebar item is TA's; the page is
 * public but its list needs a token). Lead assessors are assessors too, and the admins who look
 * after them read the list as well (DECISIONS "Useful resources"). Adding, replacing and removing
 * them is the body's back office: SYSADMIN.
 */
export const RESOURCE_READERS = ['TA', 'LA', 'SYSADMIN', 'TA_ADMIN'] as const;
const isReader = (actor: Parameters<typeof holdsAny>[0]) => holdsAny(actor, ...RESOURCE_READERS);

/** The area's access rules, listed in its module descriptor (index.ts). */
export const resourcesRules = new RuleSet();

resourcesRules.define<object>({
  'resources.resource.list': { can: isReader },
  'resources.resource.download': { can: isReader },
  'admin.resource.manage': { can: (actor) => holdsAny(actor, 'SYSADMIN') },
});
