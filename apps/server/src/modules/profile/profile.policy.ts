import { adminViewSeesRequest, ASSESSOR_ROLES, REQUEST_HANDLERS, type RequestHandler } from '@portal/shared';
import type { Actor } from '../../platform/actor.js';
import { RuleSet } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** The area's access rules, listed in its module descriptor (index.ts). */
export const profileRules = new RuleSet();

/** Any signed-in user may view their profile and ask to change it (an admin decides: modules/requests). */
profileRules.define({
  'profile.user.view': {},
  'profile.change.request': {},
});

/** What a competency query says: whose PDF it is, and whether that user is an assessor. */
export interface CompetencyFacts {
  ownerId: number;
  assessor: boolean;
}

const isAssessorActor = (actor: Actor) => holdsAny(actor, ...ASSESSOR_ROLES);
const taAdmin = (actor: Actor) => holdsAny(actor, 'TA_ADMIN');
const adminView = (actor: Actor) => (REQUEST_HANDLERS as readonly string[]).includes(actor.view);

/**
 * Competency PDFs: an assessor opens their own and marks their profile up to date once they have
 * opened it; a TA_ADMIN opens any assessor's and marks it for them. Anyone else: 403 (a PDF of
 * someone else's, or of no assessor: 404).
 */
profileRules.define<CompetencyFacts>({
  'profile.competency.view': {
    can: (actor) => isAssessorActor(actor) || taAdmin(actor),
    sees: (actor, c) => c.ownerId === actor.user.id || (taAdmin(actor) && c.assessor),
  },
  'profile.competency.review': { can: isAssessorActor },
  'admin.competency.view': { can: taAdmin, sees: (_actor, c) => c.assessor },
  'admin.competency.review': { can: taAdmin, sees: (_actor, c) => c.assessor },
});

/** What a suggested-changes document's query says: whose it is, and the role deciding its change (null: not sent yet). */
export interface SuggestionFacts {
  ownerId: number;
  handler: RequestHandler | null;
}

/** An admin view that sees the change a document travels with (the rule of `admin.request.view`). */
const adminSeesSuggestion = (actor: Actor, s: SuggestionFacts) =>
  adminView(actor) && s.handler !== null && adminViewSeesRequest(actor.view, s.handler);

/**
 * Suggested-changes documents (spec/02 'Competency suggestion'): an assessor uploads one from Edit
 * Profile and may remove it until the change is sent (someone else's, or one already sent: 404);
 * anyone else 403. Once sent it is seen by the admins who see the change (a TA_ADMIN: assessors'
 * changes; a SYSADMIN: every change), and by its owner.
 */
profileRules.define<SuggestionFacts>({
  'profile.competency.suggest': {
    can: isAssessorActor,
    sees: (actor, s) => s.ownerId === actor.user.id && s.handler === null,
  },
  'admin.competencySuggestion.view': { can: adminView, sees: adminSeesSuggestion },
  'profile.competencySuggestion.download': {
    sees: (actor, s) => s.ownerId === actor.user.id || adminSeesSuggestion(actor, s),
  },
});
