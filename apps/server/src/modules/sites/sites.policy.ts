import { RuleSet } from '../../platform/access.js';
import { isRepresentative } from '../../platform/policy.js';

/** What the site's query says of the actor: they represent it. */
export interface SiteFacts {
  represented: boolean;
}

/** The area's access rules, listed in its module descriptor (index.ts). */
export const sitesRules = new RuleSet();

/** A site is seen and its contact details updated by the ARs who represent it; to anyone else it is 404. */
sitesRules.define<SiteFacts>({
  'sites.site.view': { can: isRepresentative, sees: (_actor, s) => s.represented },
  'sites.site.update': { can: isRepresentative, sees: (_actor, s) => s.represented },
});
