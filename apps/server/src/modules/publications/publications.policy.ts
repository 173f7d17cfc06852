import { ROUTES, type Role } from '@portal/shared';
import { RuleSet } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/**
 * Publications are read by TA, AR, LA and CM (spec/02 route table; SYSADMIN and TA_ADMIN do not
 * read them). Subscribing is open to any signed-in user (/subscriptions is "authenticated"), the
 * categories too (the registration and admin screens list them). Adding, replacing and removing
 * publications is the body's back office: SYSADMIN.
 */
export const READER_ROLES = ROUTES.publications.access as readonly Role[];
export const isReader = (actor: Parameters<typeof holdsAny>[0]) => holdsAny(actor, ...READER_ROLES);

/** The area's access rules, listed in its module descriptor (index.ts). */
export const publicationsRules = new RuleSet();

publicationsRules.define<object>({
  'publications.publication.list': { can: isReader },
  'publications.publication.download': { can: isReader },
  'publications.subscription.update': {},
  'admin.publication.manage': { can: (actor) => holdsAny(actor, 'SYSADMIN') },
});
