/** Notifications: the bell and page, and what reacts to the areas' events. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { startNoticeFanOut } from './notices.fanout.js';
import { notificationsRules } from './notifications.policy.js';
import { notificationRoutes } from './notifications.routes.js';
import { onEvent } from './notifications.service.js';

export { onEvent };

export const notificationsModule: PortalModule = {
  name: 'notifications',
  routes: notificationRoutes,
  rules: [notificationsRules],
  onEvent,
  // The fan-out of admins' notices left queued by another process or a failure.
  workers: [(deps) => startNoticeFanOut(deps)],
};
