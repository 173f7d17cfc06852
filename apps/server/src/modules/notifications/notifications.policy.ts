import { sql } from 'drizzle-orm';
import { notifications } from '../../db/schema/index.js';
import { defineRules } from '../../platform/access.js';

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

defineRules<NotificationView>({
  'notifications.notification.list': { sees: ownView, scope: (_actor, me) => own(me) },
  'notifications.notification.update': { sees: ownView, scope: (_actor, me) => own(me) },
});
