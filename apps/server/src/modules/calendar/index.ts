/** The committees' calendar: events, and each member's ICS feed. Other modules use only what this file exports. */
export { calendarRoutes } from './calendar.routes.js';
