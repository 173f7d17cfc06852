import { JOB_STAGES, JOB_STATUS_LABELS, type JobDetail, type JobList, type JobStatus, type JobSummary, type LeadAssessor } from '@portal/shared';
import { viewRole, type Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { listSide, sidesOn } from './jobs.policy.js';
import * as q from './jobs.queries.js';

function presentSummary(j: q.JobRow): JobSummary {
  return {
    id: j.id,
    job_number: j.jobNumber,
    type: j.type,
    status: j.status,
    status_label: JOB_STATUS_LABELS[j.status as JobStatus] ?? String(j.status),
    stage: (JOB_STAGES as readonly string[]).includes(j.stage) ? (j.stage as JobSummary['stage']) : 'Initiation',
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
  query: { role?: string; type?: 'RES' | 'Other'; status?: number; visit_date?: string; site_id?: number; page: number; per_page: number },
): Promise<JobList> {
  const side = listSide(viewRole(actor, query.role));
  const { rows, total } = await q.listJobs(
    deps.db,
    side,
    actor.user.id,
    { type: query.type, status: query.status, visitDate: query.visit_date, siteId: query.site_id },
    query.page,
    query.per_page,
  );
  return { data: rows.map(presentSummary), total, page: query.page, per_page: query.per_page };
}

/** The job when the actor is on one of its sides; 404 otherwise. */
async function loadVisible(deps: Deps, actor: Actor, id: number) {
  const job = await q.findJobWithSides(deps.db, actor.user.id, id);
  const sides = job ? sidesOn(actor, job) : [];
  if (!job || sides.length === 0) throw notFound();
  return { job, sides };
}

export async function getJob(deps: Deps, actor: Actor, id: number): Promise<JobDetail> {
  const { job, sides } = await loadVisible(deps, actor, id);
  const lead = await q.findLeadAssessor(deps.db, id);
  const s = job.site;
  return {
    ...presentSummary(job),
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
    sides,
    can_review: sides.includes('assessor'),
  };
}

export async function getLeadAssessor(deps: Deps, actor: Actor, jobId: number) {
  await loadVisible(deps, actor, jobId);
  const lead = await q.findLeadAssessor(deps.db, jobId);
  return { lead_assessor: lead ? presentLead(lead) : null };
}
