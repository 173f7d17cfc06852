import { eq, sql } from 'drizzle-orm';
import { userRequests } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { defineRules } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** What a request's query says of it: which admin role decides it. */
export interface RequestFacts {
  handler: 'SYSADMIN' | 'TA_ADMIN';
}

/** The admin view the actor looks from (their current role, or the `current_role` they sent and hold). */
const adminView = (actor: Actor) => actor.view === 'SYSADMIN' || actor.view === 'TA_ADMIN';

/**
 * Pending registrations and profile changes (docs/DECISIONS.md "Who handles a request"): a TA_ADMIN
 * sees and decides the requests of technical assessors (registrations asking for TA, changes of
 * users holding TA or LA); a SYSADMIN sees every request and decides all the others (an assessor's
 * request answers 403 to them: seen, not theirs to decide). Everyone else: 403 for a list, 404
 * for a request. Anyone may register; any signed-in user may view their profile and ask to change it.
 */
const sees = (actor: Actor, r: RequestFacts) => actor.view === 'SYSADMIN' || r.handler === 'TA_ADMIN';
const view = {
  can: adminView,
  sees,
  scope: (actor: Actor) => (actor.view === 'SYSADMIN' ? sql`true` : eq(userRequests.handler, 'TA_ADMIN')),
  scopeKey: (actor: Actor) => actor.view,
};
const review = { can: adminView, sees, may: (actor: Actor, r: RequestFacts) => r.handler === actor.view };

defineRules<RequestFacts>({
  'registration.request.create': {},
  'profile.user.view': {},
  'profile.change.request': {},
  'admin.request.view': view,
  'admin.registration.review': review,
  'admin.profileChange.review': review,
});

/** Admin calls refuse in onRequest anyone holding neither admin role (before the body is read). */
export const holdsAdminRole = (actor: Actor) => holdsAny(actor, 'SYSADMIN', 'TA_ADMIN');

/** What a competency query says: whose PDF it is, and whether that user is an assessor. */
export interface CompetencyFacts {
  ownerId: number;
  assessor: boolean;
}

const isAssessorActor = (actor: Actor) => holdsAny(actor, 'TA', 'LA');
const taAdmin = (actor: Actor) => holdsAny(actor, 'TA_ADMIN');

/**
 * Competency PDFs: an assessor opens their own and marks their profile up to date once they have
 * opened it; a TA_ADMIN opens any assessor's and marks it for them. Anyone else: 403 (a PDF of
 * someone else's, or of no assessor: 404).
 */
defineRules<CompetencyFacts>({
  'profile.competency.view': { can: (actor) => isAssessorActor(actor) || taAdmin(actor), sees: (actor, c) => c.ownerId === actor.user.id || (taAdmin(actor) && c.assessor) },
  'profile.competency.review': { can: isAssessorActor },
  'admin.competency.view': { can: taAdmin, sees: (_actor, c) => c.assessor },
  'admin.competency.review': { can: taAdmin, sees: (_actor, c) => c.assessor },
});

/** What a suggested-changes document's query says: whose it is, and the role deciding its change (null: not sent yet). */
export interface SuggestionFacts {
  ownerId: number;
  handler: 'SYSADMIN' | 'TA_ADMIN' | null;
}

/** An admin view that sees the change a document travels with (the rule of `admin.request.view`). */
const adminSeesSuggestion = (actor: Actor, s: SuggestionFacts) => adminView(actor) && s.handler !== null && sees(actor, { handler: s.handler });

/**
 * Suggested-changes documents (spec/02 'Competency suggestion'): an assessor uploads one from Edit
 * Profile and may remove it until the change is sent (someone else's, or one already sent: 404);
 * anyone else 403. Once sent it is seen by the admins who see the change (a TA_ADMIN: assessors'
 * changes; a SYSADMIN: every change), and by its owner.
 */
defineRules<SuggestionFacts>({
  'profile.competency.suggest': { can: isAssessorActor, sees: (actor, s) => s.ownerId === actor.user.id && s.handler === null },
  'admin.competencySuggestion.view': { can: adminView, sees: adminSeesSuggestion },
  'profile.competencySuggestion.download': { sees: (actor, s) => s.ownerId === actor.user.id || adminSeesSuggestion(actor, s) },
});
