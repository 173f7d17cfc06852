import { inArray, sql } from 'drizzle-orm';
import { notifications, sentNotifications } from '../../db/schema/index.js';
import { RuleSet } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** The view a notifications call asks for: one committee's (a CM's CURRENT_COMMITTEE), or all. */
export interface NotificationView {
  committeeId?: number;
}

/**
 * Everyone reads and clears their own notifications: the scope is the user's rows (the queries add
 * the view's role and committee). A committee view is open to the committee's members only (404 for
 * any other: the memberships come with the actor).
 */
const ownView = (actor: { committees: { id: number }[] }, view: NotificationView) =>
  view.committeeId === undefined || actor.committees.some((c) => c.id === view.committeeId);

const own = (me: unknown) => sql`${notifications.userId} = ${me}`;

/** The area's access rules, listed in its module descriptor (index.ts). */
export const notificationsRules = new RuleSet();

notificationsRules.define<NotificationView>({
  'notifications.notification.list': { sees: ownView, scope: (_actor, me) => own(me) },
  'notifications.notification.update': { sees: ownView, scope: (_actor, me) => own(me) },
});

/** Whom an admin's notice goes to: a SYSADMIN's groups, or a TA_ADMIN's assessors. */
export interface AudienceFacts {
  audience: 'groups' | 'assessors';
}

const mayReach = (actor: { roles: string[] }, audience: AudienceFacts['audience']) =>
  actor.roles.includes(audience === 'groups' ? 'SYSADMIN' : 'TA_ADMIN');

/**
 * Sending to groups (AR, TA, CM by committee) is the SYSADMIN's; to assessors (the report's users,
 * all TAs) the TA_ADMIN's. The log of past notices shows each admin the audiences they send to.
 */
notificationsRules.define<AudienceFacts>({
  'admin.notification.send': {
    can: (actor) => holdsAny(actor, 'SYSADMIN', 'TA_ADMIN'),
    may: (actor, r) => mayReach(actor, r.audience),
    scope: (actor) => {
      const audiences = (['groups', 'assessors'] as const).filter((a) => mayReach(actor, a));
      return inArray(sentNotifications.audience, audiences);
    },
    scopeKey: (actor) => (['groups', 'assessors'] as const).filter((a) => mayReach(actor, a)).join('+'),
  },
});
