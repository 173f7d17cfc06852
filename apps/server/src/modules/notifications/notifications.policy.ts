import { defineRules } from '../../platform/access.js';

/** The view a notifications call asks for: one committee's (a CM's CURRENT_COMMITTEE), or all. */
export interface NotificationView {
  committeeId?: number;
}

/**
 * Everyone reads and clears their own notifications (the queries filter by user, role and
 * committee). A committee view is open to the committee's members only (404 for any other: the
 * memberships come with the actor).
 */
const ownView = (actor: { committees: { id: number }[] }, view: NotificationView) =>
  view.committeeId === undefined || actor.committees.some((c) => c.id === view.committeeId);

defineRules<NotificationView>({
  'notifications.notification.list': { sees: ownView },
  'notifications.notification.update': { sees: ownView },
});
