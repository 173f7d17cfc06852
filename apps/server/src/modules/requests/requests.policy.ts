import { eq, sql } from 'drizzle-orm';
import { adminViewSeesRequest, REQUEST_HANDLERS, type RequestHandler } from '@portal/shared';
import { userRequests } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { defineRules } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** What a request's query says of it: which admin role decides it. */
export interface RequestFacts {
  handler: RequestHandler;
}

/** The admin view the actor looks from (their current role, or the `current_role` they sent and hold). */
const adminView = (actor: Actor) => (REQUEST_HANDLERS as readonly string[]).includes(actor.view);

/**
 * Pending registrations and profile changes (docs/DECISIONS.md "Who handles a request"): a TA_ADMIN
 * sees and decides the requests of technical assessors (registrations asking for TA, changes of
 * users holding TA or LA); a SYSADMIN sees every request and decides all the others (an assessor's
 * request answers 403 to them: seen, not theirs to decide). Everyone else: 403 for a list, 404
 * for a request. The calls refuse, before the body is read, anyone holding neither admin role
 * (`admin.request.enter`: the view is chosen later, from `current_role`).
 */
const sees = (actor: Actor, r: RequestFacts) => adminViewSeesRequest(actor.view, r.handler);
const view = {
  can: adminView,
  sees,
  scope: (actor: Actor) => (actor.view === 'SYSADMIN' ? sql`true` : eq(userRequests.handler, 'TA_ADMIN')),
  scopeKey: (actor: Actor) => actor.view,
};
const review = { can: adminView, sees, may: (actor: Actor, r: RequestFacts) => r.handler === actor.view };

defineRules<RequestFacts>({
  'admin.request.enter': { can: (actor) => holdsAny(actor, ...REQUEST_HANDLERS) },
  'admin.request.view': view,
  'admin.registration.review': review,
  'admin.profileChange.review': review,
});
