import {
  jobStageOf,
  jobStatusLabel,
  type JobDetail,
  type JobList,
  type JobSummary,
  type LeadAssessor,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import { allows, authorize, scopeFor, viewing } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { sidesOn, viewSideOn, type JobFacts } from '../../platform/policy.js';
import * as q from './jobs.queries.js';
import { extend } from '../../platform/objects.js';

function presentSummary(j: q.JobDetailRow): JobSummary {
  return {
    id: j.id,
    job_number: j.jobNumber,
    type: j.type,
    status: j.status,
    status_label: jobStatusLabel(j.status),
    stage: jobStageOf(j.stage),
    visit_date: j.visitDate,
    site_id: j.site.id,
    site: { id: j.site.id, site_number: j.site.siteNumber, name: j.site.name },
    facility_id: j.facility.id,
    facility: { id: j.facility.id, facility_number: j.facility.facilityNumber, name: j.facility.name },
    suburb: j.site.suburb,
    state: j.site.state,
  };
}

function presentLead(l: NonNullable<Awaited<ReturnType<typeof q.findLeadAssessor>>>): LeadAssessor {
  return { id: l.id, first_name: l.firstName, last_name: l.lastName, phone: l.phone, email: l.email };
}

export async function listJobs(
  deps: Deps,
  actor: Actor,
  query: {
    role?: string;
    type?: 'RES' | 'Other';
    status?: number;
    visit_date?: string;
    site_id?: number;
    page: number;
    per_page: number;
  },
): Promise<JobList> {
  const viewer = viewing(actor, query.role);
  authorize(viewer, 'jobs.job.list');
  const { rows, total } = await q.listJobs(
    deps.db,
    scopeFor(viewer, 'jobs.job.list', sql.placeholder(q.ME)),
    actor.user.id,
    { type: query.type, status: query.status, visitDate: query.visit_date, siteId: query.site_id },
    query.page,
    query.per_page,
  );
  // The rows come in the answer's shape (jobs.queries listRow).
  return { data: rows, total, page: query.page, per_page: query.per_page };
}

/** What the viewer may do on the job (for the job page's buttons), seen from their view role. */
function jobAbilities(viewer: Actor, job: JobFacts): JobDetail['abilities'] {
  const side = viewSideOn(viewer, job);
  return {
    'jobs.document.upload': allows(viewer, 'jobs.document.upload', job),
    // What this view receives is the other side's: an assessor view may review the facility's documents.
    'jobs.document.review':
      side !== null &&
      allows(viewer, 'jobs.document.review', extend(job, { docSide: side === 'assessor' ? 'facility' : 'assessor' })),
    'jobs.document.download': allows(viewer, 'jobs.document.download', job),
    // The site page is the AR's: linked from the facility view only.
    'sites.site.view': side === 'facility' && allows(viewer, 'sites.site.view', { represented: job.onFacilitySide }),
  };
}

export async function getJob(deps: Deps, actor: Actor, id: number, role?: string): Promise<JobDetail> {
  const viewer = viewing(actor, role);
  const job = authorize(viewer, 'jobs.job.view', await q.findJobWithSides(deps.db, actor.user.id, id));
  const lead = await q.findLeadAssessor(deps.db, id);
  const s = job.site;
  return Object.assign(presentSummary(job), {
    job_details: job.jobDetails,
    site: {
      id: s.id,
      site_number: s.siteNumber,
      name: s.name,
      email: s.email,
      phone: s.phone,
      address: s.address,
      suburb: s.suburb,
      state: s.state,
      post_code: s.postCode,
      facility: { id: job.facility.id, facility_number: job.facility.facilityNumber, name: job.facility.name },
    },
    lead_assessor: lead ? presentLead(lead) : null,
    sides: sidesOn(viewer, job),
    abilities: jobAbilities(viewer, job),
  });
}

export async function getLeadAssessor(deps: Deps, actor: Actor, jobId: number) {
  authorize(actor, 'jobs.job.view', await q.findJobWithSides(deps.db, actor.user.id, jobId));
  const lead = await q.findLeadAssessor(deps.db, jobId);
  return { lead_assessor: lead ? presentLead(lead) : null };
}
