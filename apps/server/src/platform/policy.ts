import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Role } from '@portal/shared';
import { arSites, jobAssessors, sites } from '../db/schema/index.js';
import type { Actor } from './auth.js';

/**
 * The record rules every module of facilities, sites, jobs, documents and invoices shares
 * (DECISIONS "People and roles"): an AR sees what belongs to the sites they represent, a TA or LA
 * the jobs they are assessors on. Written once here as SQL, so lists filter in the database.
 */

export const holdsAny = (actor: Actor, ...roles: Role[]) => roles.some((r) => actor.roles.includes(r));
export const isRepresentative = (actor: Actor) => holdsAny(actor, 'AR');
export const isAssessor = (actor: Actor) => holdsAny(actor, 'TA', 'LA');

/** The side of the records a view role looks from: AR the facility's, TA and LA the assessors'. */
export function sideOfRole(role: Role): 'facility' | 'assessor' | null {
  if (role === 'AR') return 'facility';
  if (role === 'TA' || role === 'LA') return 'assessor';
  return null;
}

/** A user id, or a placeholder for one in a prepared statement. */
type UserRef = number | Placeholder;

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
export function jobVisibleTo(actor: Actor, jobId: unknown, siteId: unknown): SQL {
  const parts: SQL[] = [];
  if (isRepresentative(actor)) parts.push(representsSite(actor.user.id, siteId));
  if (isAssessor(actor)) parts.push(assessesJob(actor.user.id, jobId));
  if (parts.length === 0) return sql`false`;
  return sql`(${sql.join(parts, sql` or `)})`;
}
