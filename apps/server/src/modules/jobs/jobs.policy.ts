import { jobs } from '../../db/schema/index.js';
import { RuleSet } from '../../platform/access.js';
import { jobVisibilityKey, jobVisibleTo, sideOfRole, sidesOn, type JobFacts } from '../../platform/policy.js';
import { scopeOf } from './jobs.queries.js';

/** The area's access rules, listed in its module descriptor (index.ts). */
export const jobsRules = new RuleSet();

/**
 * Jobs: a list is seen from the view role (AR: the jobs of the sites they represent; TA or LA:
 * the jobs they are assessors on; any other view has no jobs, 403). One job is seen by anyone on
 * one of its sides, whatever their view; to anyone else it is 404.
 */
jobsRules.define<JobFacts>({
  'jobs.job.list': {
    can: (actor) => sideOfRole(actor.view) !== null,
    scope: (actor, me) => scopeOf(sideOfRole(actor.view)!, me),
    scopeKey: (actor) => sideOfRole(actor.view) ?? '',
  },
  'jobs.job.view': {
    sees: (actor, job) => sidesOn(actor, job).length > 0,
    scope: (actor, me) => jobVisibleTo(actor, jobs.id, jobs.siteId, me),
    scopeKey: jobVisibilityKey,
  },
});
