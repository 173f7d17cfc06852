import { inArray } from 'drizzle-orm';
import { facilities } from '../../db/schema/index.js';
import { RuleSet } from '../../platform/access.js';
import { isRepresentative, representedFacilityIds } from '../../platform/policy.js';

/** What the facility's query says of the actor: they represent at least one of its sites. */
export interface FacilityFacts {
  represented: boolean;
}

/** The area's access rules, listed in its module descriptor (index.ts). */
export const facilitiesRules = new RuleSet();

/**
 * Facilities are an AR's: they see, and update the contact details of, the facilities they
 * represent through at least one site (DECISIONS-local "Invoices and billing details"). Anyone
 * else is refused the list (403), and a facility they do not represent answers 404.
 */
facilitiesRules.define<FacilityFacts>({
  'facilities.facility.list': {
    can: isRepresentative,
    scope: (_actor, me) => inArray(facilities.id, representedFacilityIds(me)),
  },
  'facilities.facility.view': { can: isRepresentative, sees: (_actor, f) => f.represented },
  'facilities.facility.update': { can: isRepresentative, sees: (_actor, f) => f.represented },
});
