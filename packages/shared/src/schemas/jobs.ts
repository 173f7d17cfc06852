import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { JOB_STAGES, JOB_TYPE_FILTERS } from '../jobs.js';
import { abilitiesSchema } from '../permissions.js';
import { ROLES } from '../roles.js';
import { facilityRef } from './facilities.js';
import { isoDate, pageQuery, paged } from './paging.js';
import { safeId, safeInt } from './common.js';

export const leadAssessor = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
});
export type LeadAssessor = z.infer<typeof leadAssessor>;

/** A job row of the jobs tables (spec/01 2.6 and section 3). */
export const jobSummary = z.object({
  id: z.number(),
  job_number: z.string(),
  type: z.string(),
  /** 1 Planned, 2 In Progress, 3 Completed, 4 Cancelled (JOB_STATUS). */
  status: z.number(),
  /** The screen label (JOB_STATUS_LABELS). */
  status_label: z.string(),
  stage: z.enum(JOB_STAGES),
  visit_date: z.string().nullable(),
  site_id: z.number(),
  site: z.object({ id: z.number(), site_number: z.string(), name: z.string() }),
  facility_id: z.number(),
  facility: facilityRef,
  suburb: z.string().nullable(),
  state: z.string().nullable(),
});
export type JobSummary = z.infer<typeof jobSummary>;

/** GET /jobs/{id}: the job with its site and lead assessor, and what the user may do on it. */
export const jobDetail = jobSummary.extend({
  job_details: z.string().nullable(),
  site: z.object({
    id: z.number(),
    site_number: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    suburb: z.string().nullable(),
    state: z.string().nullable(),
    post_code: z.string().nullable(),
    facility: facilityRef,
  }),
  lead_assessor: leadAssessor.nullable(),
  /** The sides the user is on: 'facility' (an AR of the site) and/or 'assessor' (on the job). */
  sides: z.array(z.enum(['facility', 'assessor'])),
  /**
   * Seen from the view role sent (?role=, else the current role): upload, review the received
   * documents, download, and open the job's site.
   */
  abilities: abilitiesSchema('job'),
});
export type JobDetail = z.infer<typeof jobDetail>;

export const jobListQuery = z.object({
  role: z.enum(ROLES).optional(),
  /** RES, or Other: every type but RES. */
  type: z.enum(JOB_TYPE_FILTERS).optional(),
  /** 1-4 */
  status: safeInt().min(1).max(4).optional(),
  visit_date: isoDate.optional(),
  site_id: safeId().optional(),
  ...pageQuery(PAGE_SIZES.jobs),
});
export type JobListQuery = z.input<typeof jobListQuery>;

export const jobList = paged(jobSummary);
export type JobList = z.infer<typeof jobList>;

/** GET /jobs/{id}?role=: the view role the abilities are answered for. */
export const jobDetailQuery = z.object({ role: z.enum(ROLES).optional() });

export const leadAssessorResponse = z.object({ lead_assessor: leadAssessor.nullable() });
export type LeadAssessorResponse = z.infer<typeof leadAssessorResponse>;
