/** Job status (spec/01 section 4): the number the server stores and sends. */
export const JOB_STATUS = { planned: 1, inProgress: 2, completed: 3, cancelled: 4 } as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];
export const JOB_STATUSES: readonly JobStatus[] = [1, 2, 3, 4];

/** The status names of spec/01 section 4. */
export const JOB_STATUS_NAMES: Record<JobStatus, string> = {
  1: 'Planned',
  2: 'In Progress',
  3: 'Completed',
  4: 'Cancelled',
};

/** The labels the screens show (badge and the site's status filter). */
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  1: 'Planned',
  2: 'In progress',
  3: 'Complete',
  4: 'Cancel',
};

/** The order of the site page's status filter: In progress, Planned, Complete, Cancel. */
export const JOB_STATUS_FILTER: readonly JobStatus[] = [2, 1, 3, 4];

/** The badge is accented for In Progress only. */
export const isAccentedStatus = (status: number) => status === JOB_STATUS.inProgress;

export function isJobStatus(value: unknown): value is JobStatus {
  return typeof value === 'number' && (JOB_STATUSES as readonly number[]).includes(value);
}

/** A status's screen label; a number outside 1-4 shows as itself. */
export function jobStatusLabel(status: number): string {
  return isJobStatus(status) ? JOB_STATUS_LABELS[status] : String(status);
}

/** The five-step indicator, in order. */
export const JOB_STAGES = ['Initiation', 'Preparation', 'Assessment', 'Submission', 'Decision'] as const;
export type JobStage = (typeof JOB_STAGES)[number];

/** A stored stage as the indicator reads it: one it does not know is the first. */
export function jobStageOf(stage: string): JobStage {
  return (JOB_STAGES as readonly string[]).includes(stage) ? (stage as JobStage) : 'Initiation';
}

/** The job type filter: RES, or Other (every type that is not RES). */
export const JOB_TYPE_FILTERS = ['RES', 'Other'] as const;
export type JobTypeFilter = (typeof JOB_TYPE_FILTERS)[number];

export const INVOICE_STATUSES = ['outstanding', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Which side of a job uploaded a document: the facility (AR) or the job's assessors (TA, LA). */
export const DOCUMENT_SIDES = ['facility', 'assessor'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];
