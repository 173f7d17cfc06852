import { sql, type SQL } from 'drizzle-orm';
import { ASSESSOR_ROLES, ROLES, sideOfRole, type JobSide, type Role } from '@portal/shared';
import { arSites, jobAssessors, sites, userRoles, users } from '../db/schema/index.js';
import type { UserRef } from './access.js';
import type { Actor } from './actor.js';

/**
 * The building blocks of the areas' policies (<area>.policy.ts, registered with access.ts): the
 * record rules facilities, sites, jobs, documents and invoices share (DECISIONS "People and
 * roles"): an AR sees what belongs to the sites they represent, a TA or LA the jobs they are
 * assessors on. Written once here, as SQL for lists and as checks on a record's facts. Only
 * policies use them; services ask access.ts. The one exception: a user's roles in SQL (`userHolds`,
 * `rolesOfUser`), which the users, committees, reports and second-factor queries read too.
 */

export const holdsAny = (actor: Actor, ...roles: Role[]) => roles.some((r) => actor.roles.includes(r));
export const isRepresentative = (actor: Actor) => holdsAny(actor, 'AR');
export const isAssessor = (actor: Actor) => holdsAny(actor, ...ASSESSOR_ROLES);

// A row's user in the subqueries below, users.id named with its table: in a select from users alone
// Drizzle writes a column bare ("id"), which inside a subquery on user_roles would be read as that
// table's own column if it ever had one.
const rowUser = sql`${users}.${sql.identifier(users.id.name)}`;

// The roles as literals (our own constants, checked against ROLES), so a statement's text says them.
const roleList = (roles: Role[]): SQL =>
  sql.join(
    roles.map((role) => {
      if (!ROLES.includes(role)) throw new Error(`not a role: ${role}`);
      return sql.raw(`'${role}'`);
    }),
    sql`, `,
  );

/** The row's user (a row of users) holds one of the roles. */
export const userHolds = (...roles: Role[]): SQL =>
  sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${rowUser} and ${userRoles.role} in (${roleList(roles)}))`;

/** The row's user holds at least one of the roles and no other role. */
export const userHoldsOnly = (...roles: Role[]): SQL =>
  sql`(${userHolds(...roles)} and not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${rowUser} and ${userRoles.role} not in (${roleList(roles)})))`;

/** The row's user's roles, in name order ('{}' for none). */
export const rolesOfUser = sql<
  string[]
>`coalesce((select array_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${rowUser}), '{}')`;

// The side of the records a view role looks from: one rule with the web's (packages/shared).
export { sideOfRole };
export type Side = JobSide;

/** What a job's query says of the actor: on its facility side (an AR of its site) and on its assessors' side. */
export interface JobFacts {
  onFacilitySide: boolean;
  onAssessorSide: boolean;
}

/** The sides of a job the actor is on: those they hold the role for and the record gives them. */
export function sidesOn(actor: Actor, job: JobFacts): Side[] {
  const sides: Side[] = [];
  if (job.onFacilitySide && isRepresentative(actor)) sides.push('facility');
  if (job.onAssessorSide && isAssessor(actor)) sides.push('assessor');
  return sides;
}

/** The side the actor's view (role) gives them on the job, or null when that view does not show it. */
export function viewSideOn(actor: Actor, job: JobFacts): Side | null {
  const side = sideOfRole(actor.view);
  return side && sidesOn(actor, job).includes(side) ? side : null;
}

/** Site ids the user represents (a parenthesised subquery, for inArray). */
export const representedSiteIds = (userId: UserRef): SQL =>
  sql`(select ${arSites.siteId} from ${arSites} where ${arSites.userId} = ${userId})`;

/** Facility ids the user represents through at least one site (a subquery). */
export const representedFacilityIds = (userId: UserRef): SQL =>
  sql`(select ${sites.facilityId} from ${sites} inner join ${arSites} on ${arSites.siteId} = ${sites.id} where ${arSites.userId} = ${userId})`;

/** Job ids the user is an assessor on (a subquery). */
export const assignedJobIds = (userId: UserRef): SQL =>
  sql`(select ${jobAssessors.jobId} from ${jobAssessors} where ${jobAssessors.userId} = ${userId})`;

/** True when the user represents the site given as SQL (for example a column). */
export const representsSite = (userId: UserRef, siteId: SQL | unknown): SQL =>
  sql`exists (select 1 from ${arSites} where ${arSites.siteId} = ${siteId} and ${arSites.userId} = ${userId})`;

/** True when the user is an assessor on the job given as SQL. */
export const assessesJob = (userId: UserRef, jobId: SQL | unknown): SQL =>
  sql`exists (select 1 from ${jobAssessors} where ${jobAssessors.jobId} = ${jobId} and ${jobAssessors.userId} = ${userId})`;

/**
 * A condition true for the jobs (columns given) the actor may see from any side they hold:
 * through the sites they represent (AR) or as an assessor (TA, LA). False when they hold neither.
 */
export function jobVisibleTo(actor: Actor, jobId: unknown, siteId: unknown, me: UserRef = actor.user.id): SQL {
  return jobVisibleToForm(jobVisibilityKey(actor), jobId, siteId, me);
}

/** jobVisibleTo from its form alone ('f' facility side, 'a' assessor side, 'fa' both): for statements built from a shape. */
export function jobVisibleToForm(form: string, jobId: unknown, siteId: unknown, me: UserRef): SQL {
  const parts: SQL[] = [];
  if (form.includes('f')) parts.push(representsSite(me, siteId));
  if (form.includes('a')) parts.push(assessesJob(me, jobId));
  if (parts.length === 0) return sql`false`;
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** Which of jobVisibleTo's parts an actor gets (for a prepared statement's key). */
export const jobVisibilityKey = (actor: Actor) =>
  `${isRepresentative(actor) ? 'f' : ''}${isAssessor(actor) ? 'a' : ''}`;
