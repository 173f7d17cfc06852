import { sql } from 'drizzle-orm';
import { committeeMembers, committees } from '../../db/schema/index.js';
import { RuleSet } from '../../platform/access.js';
import { holdsAny } from '../../platform/policy.js';

/** What a committee's query says: its id (membership comes with the actor). */
export interface CommitteeFacts {
  id: number;
}

/** The area's access rules, listed in its module descriptor (index.ts). */
export const committeesRules = new RuleSet();

/**
 * Committees (DECISIONS-local "Committees"): every signed-in user lists the committees they belong
 * to; a SYSADMIN, who manages committees, lists them all. A committee with its members is open to
 * its members only; anyone else gets 404, as for a missing one.
 */
committeesRules.define<CommitteeFacts>({
  'committees.committee.list': {
    scope: (actor, me) =>
      holdsAny(actor, 'SYSADMIN')
        ? sql`true`
        : sql`${committees.id} in (select ${committeeMembers.committeeId} from ${committeeMembers} where ${committeeMembers.userId} = ${me})`,
    scopeKey: (actor) => (holdsAny(actor, 'SYSADMIN') ? 'all' : 'member'),
  },
  'committees.member.list': { sees: (actor, c) => actor.committees.some((m) => m.id === c.id) },
});

/** Creating and changing committees, their members and admin: the SYSADMIN's. */
committeesRules.define<CommitteeFacts>({
  'admin.committee.manage': { can: (actor) => holdsAny(actor, 'SYSADMIN') },
});
