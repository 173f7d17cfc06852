import { and, eq, ne, sql } from 'drizzle-orm';
import {
  adminViewSeesRequest,
  REGISTRATION_MESSAGES,
  REQUEST_HANDLERS,
  ROLE_NAMES,
  type RequestHandler,
} from '@portal/shared';
import { userRequests, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { RuleSet, type UserRef } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** What a request's query says of it: which admin role decides it, and whom it is about. */
export interface RequestFacts {
  handler: RequestHandler;
  /** The user a profile change is about (null for a registration before approval). */
  userId: number | null;
  /** The email it is for: the applicant's, or the user's. */
  email: string;
}

/** The admin view the actor looks from (their current role, or the `current_role` they sent and hold). */
const adminView = (actor: Actor) => (REQUEST_HANDLERS as readonly string[]).includes(actor.view);

/** A request the actor filed, or one about their own account (their id, or their email). */
const concernsActor = (actor: Actor, r: RequestFacts) =>
  r.userId === actor.user.id || r.email.toLowerCase() === actor.user.email.toLowerCase();

/**
 * Pending registrations and profile changes (docs/DECISIONS.md "Who handles a request"): a TA_ADMIN
 * sees and decides the requests that concern assessors only (requestHandlerOf); a SYSADMIN sees every
 * request and decides all the others (an assessor's request answers 403 to them: seen, not theirs to
 * decide). Nobody decides a request about themselves (403 with its message). Everyone else: 403 for
 * a list, 404 for a request. The calls refuse, before the body is read, anyone holding neither admin
 * role (`admin.request.enter`: the view is chosen later, from `current_role`).
 */
const sees = (actor: Actor, r: RequestFacts) => adminViewSeesRequest(actor.view, r.handler);
const view = {
  can: adminView,
  sees,
  scope: (actor: Actor) => (actor.view === 'SYSADMIN' ? sql`true` : eq(userRequests.handler, 'TA_ADMIN')),
  scopeKey: (actor: Actor) => actor.view,
};
const review = {
  can: adminView,
  sees,
  may: (actor: Actor, r: RequestFacts) => {
    if (r.handler !== actor.view) return REGISTRATION_MESSAGES.otherAdminDecides(ROLE_NAMES[r.handler]);
    if (concernsActor(actor, r)) return REGISTRATION_MESSAGES.ownRequest;
    return true;
  },
  // The requests of the view's kind, none of them about the actor: what they may decide (counted in lists).
  scope: (actor: Actor, me: UserRef) =>
    and(
      eq(userRequests.handler, actor.view as RequestHandler),
      sql`${userRequests.userId} is distinct from ${me}`,
      ne(
        sql`lower(${userRequests.email})`,
        sql`(select lower(${users.email}) from ${users} where ${users.id} = ${me})`,
      ),
    )!,
  scopeKey: (actor: Actor) => actor.view,
};

/** The area's access rules, listed in its module descriptor (index.ts). */
export const requestsRules = new RuleSet();

requestsRules.define<RequestFacts>({
  'admin.request.enter': { can: (actor) => holdsAny(actor, ...REQUEST_HANDLERS) },
  'admin.request.view': view,
  'admin.registration.review': review,
  'admin.profileChange.review': review,
});
