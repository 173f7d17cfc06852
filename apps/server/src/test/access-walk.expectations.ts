import { currentRoleOf, type Action, type Role } from '@portal/shared';
import { multipart } from './multipart.js';

/**
 * What the access walk (access-walk.test.ts) expects of every operation of the OpenAPI document:
 * which action it is, which kind of record it acts on, and who may. The `allowed` answers are a
 * second statement of the rules, written from the spec and DECISIONS over plain facts (the sites a
 * user represents, the jobs they assess, their committees), independent of the policies they
 * check. A route without an entry here fails the walk: add one with the route.
 */

export interface Persona {
  email: string;
  roles: Role[];
  /** Site ids they represent (ar_sites). */
  sites: Set<number>;
  /** Job ids they are an assessor on (job_assessors). */
  jobs: Set<number>;
  /** Committee ids they are a member of. */
  committees: Set<number>;
}

export interface JobRec {
  id: number;
  siteId: number;
}
export interface Records {
  facility: { id: number; number: string; siteIds: number[] };
  site: { id: number };
  job: JobRec;
  jobDocument: { id: number; job: JobRec; side: 'facility' | 'assessor' };
  siteDocument: { id: number; siteId: number };
  committee: { id: number };
}
export type Kind = keyof Records;

/** A request, apart from the token the walk adds. */
export interface Call {
  url?: string;
  query?: Record<string, string>;
  payload?: unknown;
  headers?: Record<string, string>;
}

/*
 * `everyRecord`: the answer rightly holds every record of its kind, nobody's too (the public list of
 * committee names; a SYSADMIN's list of committees), so the walk does not count nobody's marker in
 * it as a leak.
 */
type Expectation =
  /** Open to anyone, signed in or not: the walk calls it once without a token and wants no 5xx. */
  | { public: true; call?: () => Call; everyRecord?: true }
  /** On the caller's own account or session: any signed-in user (no token: 401). */
  | { action: Action; self: true; call?: (p: Persona) => Call }
  /** No record: whether the caller may, from their roles. */
  | { action: Action; allowed: (p: Persona) => boolean; call?: (p: Persona) => Call; everyRecord?: (p: Persona) => boolean }
  /** On a record: the walk tries each user's own record of this kind (if any) and one of nobody's. */
  | { action: Action; record: Kind; allowed: (p: Persona, r: never) => boolean; call: (r: never, p: Persona, n: number) => Call };

/** An operation on a record of one kind (typed per kind, stored loosely). */
function onRecord<K extends Kind>(
  action: Action,
  record: K,
  allowed: (p: Persona, r: Records[K]) => boolean,
  call: (r: Records[K], p: Persona, n: number) => Call,
): Expectation {
  return { action, record, allowed, call } as Expectation;
}

const holds = (p: Persona, ...roles: Role[]) => roles.some((r) => p.roles.includes(r));
const isAR = (p: Persona) => holds(p, 'AR');
const isAssessor = (p: Persona) => holds(p, 'TA', 'LA');
/** The view a call without a role is seen from: the current role by priority. */
const view = (p: Persona) => currentRoleOf(p.roles);
const viewSide = (p: Persona) => (view(p) === 'AR' ? 'facility' : view(p) === 'TA' || view(p) === 'LA' ? 'assessor' : null);

const onFacilitySide = (p: Persona, j: JobRec) => isAR(p) && p.sites.has(j.siteId);
const onAssessorSide = (p: Persona, j: JobRec) => isAssessor(p) && p.jobs.has(j.id);
const seesJob = (p: Persona, j: JobRec) => onFacilitySide(p, j) || onAssessorSide(p, j);
/** Lists and uploads of job documents go by the side of the view. */
const viewSeesJob = (p: Persona, j: JobRec) => (viewSide(p) === 'facility' ? onFacilitySide(p, j) : viewSide(p) === 'assessor' && onAssessorSide(p, j));
const representsSite = (p: Persona, siteId: number) => isAR(p) && p.sites.has(siteId);
/** Publications are read by TA, AR, LA and CM (spec/02's route table). */
const readsPublications = (p: Persona) => holds(p, 'TA', 'AR', 'LA', 'CM');

const upload = (field: 'jobId' | 'siteId', id: number, n: number): Call =>
  multipart([
    { name: field, value: String(id) },
    { name: 'description', value: 'Walk upload' },
    { name: 'file', filename: `walk-${n}.txt`, type: 'text/plain', content: 'walk' },
  ]);

export const EXPECTATIONS: Record<string, Expectation> = {
  'GET /api/health': { public: true },
  'GET /api/dev/mail': { public: true },
  'GET /dev/mail': { public: true },
  'POST /api/login': { public: true },
  'POST /api/user-requests-reset-password': { public: true },
  'POST /api/set-password': { public: true },
  'GET /api/set-password/check': { public: true },
  'POST /api/activation': { public: true },
  'POST /api/register/request-form': { public: true },

  // Sign-in and one's own account.
  'GET /api/activeuser': { action: 'auth.session.view', self: true },
  'GET /api/logout': { action: 'auth.session.end', self: true },
  'GET /api/twofactor/devices': { action: 'auth.session.view', self: true },
  // Another user's remembered browser answers 404 (modules/auth tests it); here: a device of nobody.
  'DELETE /api/twofactor/devices/{id}': { action: 'auth.session.view', self: true, call: () => ({ url: '/api/twofactor/devices/00000000-0000-4000-8000-000000000000' }) },
  'POST /api/twofactor/verify': { action: 'auth.session.view', self: true, call: () => ({ payload: { code: '0000' } }) },
  'GET /api/twofactor/sendSms': { action: 'auth.session.view', self: true },
  'GET /api/twofactor/send2faCodeOnEmail': { action: 'auth.session.view', self: true },
  'POST /api/twofactor/manageRemind': { action: 'auth.session.view', self: true, call: () => ({ payload: { remind_me: true } }) },
  'POST /api/twofactor/send2fasetupcode': { action: 'auth.twofactor.setup', self: true, call: () => ({ payload: { data: '+61400000000' } }) },
  'POST /api/change-password': {
    action: 'auth.password.change',
    self: true,
    call: () => ({ payload: { oldPassword: 'not-the-password', newPassword: 'walk-pass-1', newPassword_confirmation: 'walk-pass-1' } }),
  },
  'POST /api/downloads': { action: 'downloads.ticket.create', self: true, call: () => ({ payload: { path: '/api/jobdocuments/1' } }) },

  // Notifications: one's own, in a committee's view only for its members.
  'GET /api/notifications': onRecord('notifications.notification.list', 'committee', (p, c) => p.committees.has(c.id), (c) => ({ query: { cmId: String(c.id) } })),
  'PUT /api/notifications/{ids}': onRecord('notifications.notification.update', 'committee', (p, c) => p.committees.has(c.id), (c) => ({ url: '/api/notifications/all', query: { type: 'read', cmId: String(c.id) } })),

  // Facilities and sites: the AR's, through the sites they represent.
  'GET /api/facilities': { action: 'facilities.facility.list', allowed: isAR },
  'GET /api/facilities/getInfo/{number}': onRecord('facilities.facility.view', 'facility', (p, f) => f.siteIds.some((s) => representsSite(p, s)), (f) => ({ url: `/api/facilities/getInfo/${f.number}` })),
  'GET /api/facilities/{id}': onRecord('facilities.facility.view', 'facility', (p, f) => f.siteIds.some((s) => representsSite(p, s)), (f) => ({ url: `/api/facilities/${f.id}` })),
  'PUT /api/facilities/{id}': onRecord('facilities.facility.update', 'facility', (p, f) => f.siteIds.some((s) => representsSite(p, s)), (f) => ({ url: `/api/facilities/${f.id}`, payload: { suburb: 'Walkville' } })),
  'GET /api/sites/{id}': onRecord('sites.site.view', 'site', (p, s) => representsSite(p, s.id), (s) => ({ url: `/api/sites/${s.id}` })),
  'PUT /api/sites/{id}': onRecord('sites.site.update', 'site', (p, s) => representsSite(p, s.id), (s) => ({ url: `/api/sites/${s.id}`, payload: { suburb: 'Walkville' } })),

  // Jobs: a list from the view's side, a job from any side.
  'GET /api/jobs': { action: 'jobs.job.list', allowed: (p: Persona) => viewSide(p) !== null },
  'GET /api/jobs/{id}': onRecord('jobs.job.view', 'job', seesJob, (j) => ({ url: `/api/jobs/${j.id}` })),
  'GET /api/leadAssessor/{jobId}': onRecord('jobs.job.view', 'job', seesJob, (j) => ({ url: `/api/leadAssessor/${j.id}` })),

  // Job documents.
  'GET /api/jobdocuments': onRecord('jobs.document.list', 'job', viewSeesJob, (j) => ({ query: { jobid: String(j.id) } })),
  'POST /api/jobdocuments': onRecord('jobs.document.upload', 'job', viewSeesJob, (j, _p, n) => upload('jobId', j.id, n)),
  'GET /api/jobdocuments/{id}': onRecord('jobs.document.download', 'jobDocument', (p, d) => seesJob(p, d.job), (d) => ({ url: `/api/jobdocuments/${d.id}` })),
  'GET /api/jobdocuments/bulk': onRecord('jobs.document.download', 'jobDocument', (p, d) => seesJob(p, d.job), (d) => ({ query: { 'ids[]': String(d.id) } })),
  // Only the job's assessors review, and only what they received: the facility's documents.
  'PUT /api/jobdocuments/{id}': onRecord('jobs.document.review', 'jobDocument', (p, d) => onAssessorSide(p, d.job) && d.side === 'facility', (d) => ({ url: `/api/jobdocuments/${d.id}`, payload: { reviewed_comment: 'Walked.' } })),

  // Site documents: the AR's.
  'GET /api/sitedocuments': onRecord('sites.document.list', 'site', (p, s) => representsSite(p, s.id), (s) => ({ query: { siteid: String(s.id) } })),
  'POST /api/sitedocuments': onRecord('sites.document.upload', 'site', (p, s) => representsSite(p, s.id), (s, _p, n) => upload('siteId', s.id, n)),
  'GET /api/sitedocuments/{id}': onRecord('sites.document.download', 'siteDocument', (p, d) => representsSite(p, d.siteId), (d) => ({ url: `/api/sitedocuments/${d.id}` })),
  'GET /api/sitedocuments/bulk': onRecord('sites.document.download', 'siteDocument', (p, d) => representsSite(p, d.siteId), (d) => ({ query: { 'ids[]': String(d.id) } })),

  // Invoices: the AR view.
  'GET /api/invoices': { action: 'invoices.invoice.list', allowed: (p: Persona) => view(p) === 'AR' },

  // Back office.
  'POST /api/admin/import/{entity}': {
    action: 'admin.import.run',
    allowed: (p: Persona) => holds(p, 'SYSADMIN'),
    call: () => ({ url: '/api/admin/import/facilities', payload: 'facility_number,name\n999902,Walk Import\n', headers: { 'content-type': 'text/csv' } }),
  },

  // Committees: one's own (a SYSADMIN lists all); the names are public; members for members only.
  'GET /api/committees': { action: 'committees.committee.list', allowed: () => true, everyRecord: (p: Persona) => holds(p, 'SYSADMIN') },
  'GET /api/committeenames': { public: true, everyRecord: true },
  'GET /api/committees/{id}': onRecord('committees.member.list', 'committee', (p, c) => p.committees.has(c.id), (c) => ({ url: `/api/committees/${c.id}` })),
  // Publications (TA, AR, LA, CM read; demo publication 1, category 1 is the root General, 5 its first
  // subcategory); categories and subscriptions for anyone signed in; the back office's calls SYSADMIN's.
  'GET /api/publications': { action: 'publications.publication.list', allowed: readsPublications },
  'GET /api/publications/{id}': { action: 'publications.publication.list', allowed: readsPublications, call: () => ({ url: '/api/publications/1' }) },
  'GET /api/publications/{id}/file': { action: 'publications.publication.download', allowed: readsPublications, call: () => ({ url: '/api/publications/1/file' }) },
  'POST /api/publications/bulk': { action: 'publications.publication.download', allowed: readsPublications, call: () => ({ payload: { ids: [1, 2] } }) },
  'GET /api/publications/bulk': { action: 'publications.publication.download', allowed: readsPublications, call: () => ({ query: { 'ids[]': '1' } }) },
  'GET /api/publications/category/{id}': { action: 'publications.publication.list', allowed: readsPublications, call: () => ({ url: '/api/publications/category/5' }) },
  'GET /api/categories': { action: 'publications.subscription.update', self: true },
  'GET /api/categories/parent': { action: 'publications.subscription.update', self: true },
  'GET /api/categories/{id}': { action: 'publications.subscription.update', self: true, call: () => ({ url: '/api/categories/1' }) },
  'POST /api/subscriptions': { action: 'publications.subscription.update', self: true, call: () => ({ payload: { category_ids: [1] } }) },
  'DELETE /api/subscriptions/{ids}': { action: 'publications.subscription.update', self: true, call: () => ({ url: '/api/subscriptions/%5B1%5D' }) },
  'POST /api/admin/publications': {
    action: 'admin.publication.manage',
    allowed: (p: Persona) => holds(p, 'SYSADMIN'),
    call: () =>
      multipart([
        { name: 'name', value: 'Walk publication' },
        { name: 'category_id', value: '5' },
        { name: 'file', filename: 'walk.pdf', type: 'application/pdf', content: '%PDF-1.4 walk' },
      ]),
  },
  'POST /api/admin/publications/{id}': {
    action: 'admin.publication.manage',
    allowed: (p: Persona) => holds(p, 'SYSADMIN'),
    call: () => ({ url: '/api/admin/publications/29', ...multipart([{ name: 'file', filename: 'walk-2.pdf', type: 'application/pdf', content: '%PDF-1.4 walk' }]) }),
  },
  'DELETE /api/admin/publications/{id}': { action: 'admin.publication.manage', allowed: (p: Persona) => holds(p, 'SYSADMIN'), call: () => ({ url: '/api/admin/publications/30' }) },
  // Notification email: one's own preference; the signed unsubscribe link works signed out.
  'GET /api/notifications/email-settings': { action: 'notifications.email.update', self: true },
  'PUT /api/notifications/email-settings': { action: 'notifications.email.update', self: true, call: () => ({ payload: { frequency: 'each' } }) },
  'GET /api/unsubscribe': { public: true },
  'POST /api/unsubscribe': { public: true },
};

export type { Expectation };
