/** Notifications: the bell and page, and what reacts to the areas' events. Other modules use only what this file exports. */
export { notificationRoutes } from './notifications.routes.js';
export { onEvent } from './notifications.service.js';
export { startNoticeFanOut } from './notices.fanout.js';
