import { CALENDAR_MESSAGES } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { committeeMembers, events } from '../../db/schema/index.js';
import { RuleSet } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';

/** A committee's calendar, or one of its events: the committee, and for an event its creator. */
export interface CalendarFacts {
  committeeId: number;
  createdBy?: number | null;
}

const member = (actor: Actor, r: CalendarFacts) => actor.committees.some((c) => c.id === r.committeeId);
const admin = (actor: Actor, r: CalendarFacts) => actor.committees.some((c) => c.id === r.committeeId && c.admin);
const creator = (actor: Actor, r: CalendarFacts) => r.createdBy === actor.user.id;

/** The area's access rules, listed in its module descriptor (index.ts). */
export const calendarRules = new RuleSet();

/**
 * The committee calendar (spec/02 "Calendar", section 6; DECISIONS-local "Calendar"): its members
 * read it (anyone else: 404); only the committee admin creates an event; only an event's creator
 * changes (fields, drag, resize) or deletes it, while still a member. Each refusal of a member
 * answers 403 with the spec's message. The personal feed address is any signed-in user's own.
 */
calendarRules.define<CalendarFacts>({
  'calendar.event.list': {
    sees: member,
    scope: (_actor, me) =>
      sql`${events.committeeId} in (select ${committeeMembers.committeeId} from ${committeeMembers} where ${committeeMembers.userId} = ${me})`,
    scopeKey: () => 'member',
  },
  'calendar.event.create': { sees: member, may: admin, message: CALENDAR_MESSAGES.createRefused },
  'calendar.event.update': { sees: member, may: creator, message: CALENDAR_MESSAGES.updateRefused },
  'calendar.event.delete': { sees: member, may: creator, message: CALENDAR_MESSAGES.deleteRefused },
  'calendar.feed.manage': {},
});
