/** The committees' calendar: events, and each member's ICS feed. Other modules use only what this file exports. */
import type { PortalModule } from '../../platform/module.js';
import { calendarRoutes } from './calendar.routes.js';
import { calendarRules } from './calendar.policy.js';

export const calendarModule: PortalModule = { name: 'calendar', routes: calendarRoutes, rules: [calendarRules] };
