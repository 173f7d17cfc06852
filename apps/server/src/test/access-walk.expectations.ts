import { currentRoleOf, type Action, type Role } from '@portal/shared';
import { DEMO_SUGGESTION_DOCUMENT } from '../db/seed/demo-registration.js';
import { DEMO_PASSWORD } from '../db/seed/demo-data.js';
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
  /** Their user id (the author of forum posts). */
  id: number;
  /** Committee ids where they may start a discussion: the write flag, or its admin. */
  writes: Set<number>;
  /** Committee ids they are the admin of. */
  adminOf: Set<number>;
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
  /** A forum thread; spareId is another of the same author and committee, for the delete. */
  forumThread: { id: number; spareId: number; committeeId: number; authorId: number | null };
  forumReply: { id: number; spareId: number; committeeId: number; authorId: number | null };
  forumAttachment: { id: number; committeeId: number };
  event: { id: number; committeeId: number; creatorEmail: string | null };
  meetingFolder: MeetingFolderRec;
  meetingDocument: { id: number; folder: MeetingFolderRec; spares: [number, number] };
}
/**
 * A meeting sub folder: its committee, the admin's email, the emails of its direct members and of
 * its root's (empty: open), and a spare sub folder of the same root for the walk to delete.
 */
export interface MeetingFolderRec {
  id: number;
  rootId: number;
  committeeId: number;
  admin: string | null;
  direct: string[];
  rootDirect: string[];
  spare: number;
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
  | {
      action: Action;
      allowed: (p: Persona) => boolean;
      call?: (p: Persona) => Call;
      everyRecord?: (p: Persona) => boolean;
    }
  /**
   * Refused to some (from their roles); for the others any answer but a 5xx (a call that would
   * change state, asked with a body that is refused after access is judged).
   */
  | { action: Action; refusedTo: (p: Persona) => boolean; call?: (p: Persona) => Call }
  /** On a record: the walk tries each user's own record of this kind (if any) and one of nobody's. */
  | {
      action: Action;
      record: Kind;
      allowed: (p: Persona, r: never) => boolean;
      call: (r: never, p: Persona, n: number) => Call;
    };

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
const viewSide = (p: Persona) =>
  view(p) === 'AR' ? 'facility' : view(p) === 'TA' || view(p) === 'LA' ? 'assessor' : null;

const onFacilitySide = (p: Persona, j: JobRec) => isAR(p) && p.sites.has(j.siteId);
const onAssessorSide = (p: Persona, j: JobRec) => isAssessor(p) && p.jobs.has(j.id);
const seesJob = (p: Persona, j: JobRec) => onFacilitySide(p, j) || onAssessorSide(p, j);
/** Lists and uploads of job documents go by the side of the view. */
const viewSeesJob = (p: Persona, j: JobRec) =>
  viewSide(p) === 'facility' ? onFacilitySide(p, j) : viewSide(p) === 'assessor' && onAssessorSide(p, j);
const representsSite = (p: Persona, siteId: number) => isAR(p) && p.sites.has(siteId);
/** Publications are read by TA, AR, LA and CM (spec/02's route table). */
const readsPublications = (p: Persona) => holds(p, 'TA', 'AR', 'LA', 'CM');
/** Useful resources: assessors (TA, LA) and the admins. */
const readsResources = (p: Persona) => holds(p, 'TA', 'LA', 'SYSADMIN', 'TA_ADMIN');

const upload = (field: 'jobId' | 'siteId', id: number, n: number): Call =>
  multipart([
    { name: field, value: String(id) },
    { name: 'description', value: 'Walk upload' },
    { name: 'file', filename: `walk-${n}.txt`, type: 'text/plain', content: 'walk' },
  ]);

const forumField = (name: string, value: string | number) => ({ name, value: String(value) });
/** The seeded category 'General' is the first row of the migration. */
const forumPost = (fields: { name: string; value: string }[]): Call =>
  multipart([...fields, forumField('postContent', '<p>Walk <strong>post</strong></p>')]);
const inCommittee = (p: Persona, r: { committeeId: number }) => holds(p, 'CM') && p.committees.has(r.committeeId);
const forumAuthor = (p: Persona, r: { committeeId: number; authorId: number | null }) =>
  inCommittee(p, r) && r.authorId === p.id;
/** Meeting folders (DECISIONS "Meeting folder access"): members of the committee; a restricted folder or root only its members and the admin. */
const openTo = (emails: string[], p: Persona) => emails.length === 0 || emails.includes(p.email);
const meetingAdmin = (p: Persona, f: MeetingFolderRec) => p.committees.has(f.committeeId) && f.admin === p.email;
const seesMeetingRoot = (p: Persona, f: MeetingFolderRec) =>
  p.committees.has(f.committeeId) && (f.admin === p.email || openTo(f.rootDirect, p));
const seesMeetingFolder = (p: Persona, f: MeetingFolderRec) =>
  seesMeetingRoot(p, f) && (f.admin === p.email || openTo(f.direct, p));
const meetingUpload = (folderId: number, n: number): Call =>
  multipart([
    { name: 'folderId', value: String(folderId) },
    { name: 'file', filename: `walk-${n}.txt`, type: 'text/plain', content: 'walk' },
  ]);

export const EXPECTATIONS: Record<string, Expectation> = {
  'GET /api/health': { public: true },
  'GET /api/health/ready': { public: true },
  'GET /api/dev/mail': { public: true },
  'GET /dev/mail': { public: true },
  'POST /api/login': { public: true },
  'POST /api/user-requests-reset-password': { public: true },
  'POST /api/set-password': { public: true },
  'GET /api/set-password/check': { public: true },
  'GET /api/activation/check': { public: true },
  'POST /api/activation': { public: true },
  'POST /api/register/request-form': { public: true },

  // Sign-in and one's own account.
  'GET /api/activeuser': { action: 'auth.session.view', self: true },
  'GET /api/logout': { action: 'auth.session.end', self: true },
  'GET /api/twofactor/devices': { action: 'auth.session.view', self: true },
  // Another user's remembered browser answers 404 (modules/auth tests it); here: a device of nobody.
  'DELETE /api/twofactor/devices/{id}': {
    action: 'auth.session.view',
    self: true,
    call: () => ({ url: '/api/twofactor/devices/00000000-0000-4000-8000-000000000000' }),
  },
  'POST /api/twofactor/verify': {
    action: 'auth.session.view',
    self: true,
    call: () => ({ payload: { code: '0000' } }),
  },
  'GET /api/twofactor/sendSms': { action: 'auth.session.view', self: true },
  'GET /api/twofactor/send2faCodeOnEmail': { action: 'auth.session.view', self: true },
  'POST /api/twofactor/manageRemind': {
    action: 'auth.session.view',
    self: true,
    call: () => ({ payload: { remind_me: true } }),
  },
  'POST /api/twofactor/send2fasetupcode': {
    action: 'auth.twofactor.setup',
    self: true,
    call: () => ({ payload: { data: '+61400000000' } }),
  },
  // Authenticator apps, passkeys and recovery codes: one's own.
  'GET /api/twofactor/factors': { action: 'auth.secondFactor.manage', self: true },
  'POST /api/twofactor/app/setup': { action: 'auth.secondFactor.manage', self: true },
  'POST /api/twofactor/app/confirm': {
    action: 'auth.secondFactor.manage',
    self: true,
    call: () => ({ payload: { code: '000000' } }),
  },
  'DELETE /api/twofactor/app': { action: 'auth.secondFactor.manage', self: true },
  'PUT /api/twofactor/app/code-fallback': {
    action: 'auth.secondFactor.manage',
    self: true,
    call: () => ({ payload: { enabled: true } }),
  },
  'POST /api/twofactor/recovery-codes': { action: 'auth.secondFactor.manage', self: true },
  // The password again, for the caller's own session only (the right one: a wrong one counts as a failed sign-in).
  'POST /api/twofactor/reauthenticate': {
    action: 'auth.secondFactor.manage',
    self: true,
    call: () => ({ payload: { password: DEMO_PASSWORD } }),
  },
  'POST /api/twofactor/app/verify': {
    action: 'auth.session.view',
    self: true,
    call: () => ({ payload: { code: '000000' } }),
  },
  'POST /api/twofactor/recovery/verify': {
    action: 'auth.session.view',
    self: true,
    call: () => ({ payload: { code: 'aaaaa-aaaaa' } }),
  },
  'POST /api/twofactor/passkeys/options': { action: 'auth.secondFactor.manage', self: true },
  'POST /api/twofactor/passkeys': { action: 'auth.secondFactor.manage', self: true, call: () => ({ payload: {} }) },
  'PUT /api/twofactor/passkeys/{id}': {
    action: 'auth.secondFactor.manage',
    self: true,
    call: () => ({ url: '/api/twofactor/passkeys/not-a-passkey', payload: { name: 'Desk key' } }),
  },
  'DELETE /api/twofactor/passkeys/{id}': {
    action: 'auth.secondFactor.manage',
    self: true,
    call: () => ({ url: '/api/twofactor/passkeys/not-a-passkey' }),
  },
  'POST /api/passkey-login/options': { public: true },
  'POST /api/passkey-login': { public: true, call: () => ({ payload: {} }) },
  // A user's reset is decided as their requests are (SYSADMIN, or TA_ADMIN for assessors); nobody's id: no one may.
  'POST /api/admin/users/{id}/second-factors/reset': {
    action: 'admin.secondFactor.reset',
    refusedTo: (p) => !holds(p, 'SYSADMIN', 'TA_ADMIN'),
    call: () => ({ url: '/api/admin/users/2000000000/second-factors/reset' }),
  },
  'POST /api/change-password': {
    action: 'auth.password.change',
    self: true,
    call: () => ({
      payload: { oldPassword: 'not-the-password', newPassword: 'walk-pass-1', newPassword_confirmation: 'walk-pass-1' },
    }),
  },
  'POST /api/downloads': {
    action: 'downloads.ticket.create',
    self: true,
    call: () => ({ payload: { path: '/api/jobdocuments/1' } }),
  },

  // Notifications: one's own, in a committee's view only for its members.
  'GET /api/notifications': onRecord(
    'notifications.notification.list',
    'committee',
    (p, c) => p.committees.has(c.id),
    (c) => ({ query: { cmId: String(c.id) } }),
  ),
  'PUT /api/notifications/{ids}': onRecord(
    'notifications.notification.update',
    'committee',
    (p, c) => p.committees.has(c.id),
    (c) => ({ url: '/api/notifications/all', query: { type: 'read', cmId: String(c.id) } }),
  ),

  // Facilities and sites: the AR's, through the sites they represent.
  'GET /api/facilities': { action: 'facilities.facility.list', allowed: isAR },
  'GET /api/facilities/{id}': onRecord(
    'facilities.facility.view',
    'facility',
    (p, f) => f.siteIds.some((s) => representsSite(p, s)),
    (f) => ({ url: `/api/facilities/${f.id}` }),
  ),
  'PUT /api/facilities/{id}': onRecord(
    'facilities.facility.update',
    'facility',
    (p, f) => f.siteIds.some((s) => representsSite(p, s)),
    (f) => ({ url: `/api/facilities/${f.id}`, payload: { suburb: 'Walkville' } }),
  ),
  'GET /api/sites/{id}': onRecord(
    'sites.site.view',
    'site',
    (p, s) => representsSite(p, s.id),
    (s) => ({ url: `/api/sites/${s.id}` }),
  ),
  'PUT /api/sites/{id}': onRecord(
    'sites.site.update',
    'site',
    (p, s) => representsSite(p, s.id),
    (s) => ({ url: `/api/sites/${s.id}`, payload: { suburb: 'Walkville' } }),
  ),

  // Jobs: a list from the view's side, a job from any side.
  'GET /api/jobs': { action: 'jobs.job.list', allowed: (p: Persona) => viewSide(p) !== null },
  'GET /api/jobs/{id}': onRecord('jobs.job.view', 'job', seesJob, (j) => ({ url: `/api/jobs/${j.id}` })),
  'GET /api/leadAssessor/{jobId}': onRecord('jobs.job.view', 'job', seesJob, (j) => ({
    url: `/api/leadAssessor/${j.id}`,
  })),

  // Job documents.
  'GET /api/jobdocuments': onRecord('jobs.document.list', 'job', viewSeesJob, (j) => ({
    query: { jobid: String(j.id) },
  })),
  'POST /api/jobdocuments': onRecord('jobs.document.upload', 'job', viewSeesJob, (j, _p, n) =>
    upload('jobId', j.id, n),
  ),
  'GET /api/jobdocuments/{id}': onRecord(
    'jobs.document.download',
    'jobDocument',
    (p, d) => seesJob(p, d.job),
    (d) => ({ url: `/api/jobdocuments/${d.id}` }),
  ),
  'GET /api/jobdocuments/bulk': onRecord(
    'jobs.document.download',
    'jobDocument',
    (p, d) => seesJob(p, d.job),
    (d) => ({ query: { 'ids[]': String(d.id) } }),
  ),
  // Only the job's assessors review, and only what they received: the facility's documents.
  'PUT /api/jobdocuments/{id}': onRecord(
    'jobs.document.review',
    'jobDocument',
    (p, d) => onAssessorSide(p, d.job) && d.side === 'facility',
    (d) => ({ url: `/api/jobdocuments/${d.id}`, payload: { reviewed_comment: 'Walked.' } }),
  ),

  // Site documents: the AR's.
  'GET /api/sitedocuments': onRecord(
    'sites.document.list',
    'site',
    (p, s) => representsSite(p, s.id),
    (s) => ({ query: { siteid: String(s.id) } }),
  ),
  'POST /api/sitedocuments': onRecord(
    'sites.document.upload',
    'site',
    (p, s) => representsSite(p, s.id),
    (s, _p, n) => upload('siteId', s.id, n),
  ),
  'GET /api/sitedocuments/{id}': onRecord(
    'sites.document.download',
    'siteDocument',
    (p, d) => representsSite(p, d.siteId),
    (d) => ({ url: `/api/sitedocuments/${d.id}` }),
  ),
  'GET /api/sitedocuments/bulk': onRecord(
    'sites.document.download',
    'siteDocument',
    (p, d) => representsSite(p, d.siteId),
    (d) => ({ query: { 'ids[]': String(d.id) } }),
  ),

  // Invoices: the AR view.
  'GET /api/invoices': { action: 'invoices.invoice.list', allowed: (p: Persona) => view(p) === 'AR' },

  // Forum: members of the committee see; the write flag or admin starts; authors edit and delete.
  'GET /api/forumcategories': { action: 'forum.category.list', allowed: (p: Persona) => holds(p, 'CM') },
  'GET /api/forumthreads': onRecord(
    'forum.thread.list',
    'committee',
    (p, c) => inCommittee(p, { committeeId: c.id }),
    (c) => ({ query: { committeeid: String(c.id) } }),
  ),
  'POST /api/forumthreads': onRecord(
    'forum.thread.create',
    'committee',
    (p, c) => inCommittee(p, { committeeId: c.id }) && p.writes.has(c.id),
    (c, _p, n) =>
      forumPost([
        forumField('committeId', c.id),
        forumField('discussionTitle', `Walk ${n}`),
        forumField('categories', 1),
      ]),
  ),
  'GET /api/forumthreads/{id}': onRecord('forum.thread.view', 'forumThread', inCommittee, (r) => ({
    url: `/api/forumthreads/${r.id}`,
  })),
  'POST /api/forumthreads/{id}': onRecord('forum.thread.update', 'forumThread', forumAuthor, (r, _p, n) => ({
    url: `/api/forumthreads/${r.id}`,
    ...forumPost([
      forumField('_method', 'put'),
      forumField('discussionTitle', `Walk edit ${n}`),
      forumField('categories', 1),
    ]),
  })),
  'DELETE /api/forumthreads/{id}': onRecord('forum.thread.delete', 'forumThread', forumAuthor, (r) => ({
    url: `/api/forumthreads/${r.spareId}`,
  })),
  'POST /api/forumreply': onRecord('forum.reply.create', 'forumThread', inCommittee, (r) =>
    forumPost([forumField('threadId', r.id)]),
  ),
  'POST /api/forumreply/{id}': onRecord('forum.reply.update', 'forumReply', forumAuthor, (r) => ({
    url: `/api/forumreply/${r.id}`,
    ...forumPost([forumField('_method', 'put')]),
  })),
  'DELETE /api/forumreply/{id}': onRecord('forum.reply.delete', 'forumReply', forumAuthor, (r) => ({
    url: `/api/forumreply/${r.spareId}`,
  })),
  'GET /api/forumdocument/{id}': onRecord('forum.attachment.download', 'forumAttachment', inCommittee, (r) => ({
    url: `/api/forumdocument/${r.id}`,
  })),
  'GET /api/forum/isfollowing/{id}': onRecord('forum.thread.follow', 'forumThread', inCommittee, (r) => ({
    url: `/api/forum/isfollowing/${r.id}`,
  })),
  'GET /api/forum/follow/{id}': onRecord('forum.thread.follow', 'forumThread', inCommittee, (r) => ({
    url: `/api/forum/follow/${r.id}`,
  })),
  'GET /api/forum/unfollow/{id}': onRecord('forum.thread.follow', 'forumThread', inCommittee, (r) => ({
    url: `/api/forum/unfollow/${r.id}`,
  })),
  'GET /api/forum/search': onRecord(
    'forum.thread.list',
    'committee',
    (p, c) => inCommittee(p, { committeeId: c.id }),
    (c) => ({ query: { cmid: String(c.id), term: 'walk' } }),
  ),
  'GET /api/forum/members': onRecord(
    'forum.member.list',
    'committee',
    (p, c) => inCommittee(p, { committeeId: c.id }),
    (c) => ({ query: { cmid: String(c.id) } }),
  ),

  // Back office.
  'POST /api/admin/import/{entity}': {
    action: 'admin.import.run',
    allowed: (p: Persona) => holds(p, 'SYSADMIN'),
    call: () => ({
      url: '/api/admin/import/facilities',
      payload: 'facility_number,name\n999902,Walk Import\n',
      headers: { 'content-type': 'text/csv' },
    }),
  },

  // Committees: one's own (a SYSADMIN lists all); the names are public; members for members only.
  'GET /api/committees': {
    action: 'committees.committee.list',
    allowed: () => true,
    everyRecord: (p: Persona) => holds(p, 'SYSADMIN'),
  },
  'GET /api/committeenames': { public: true, everyRecord: true },
  'GET /api/committees/{id}': onRecord(
    'committees.member.list',
    'committee',
    (p, c) => p.committees.has(c.id),
    (c) => ({ url: `/api/committees/${c.id}` }),
  ),

  // Calendar: members read; the committee admin creates; the creator changes and deletes.
  'GET /api/events': onRecord(
    'calendar.event.list',
    'committee',
    (p, c) => p.committees.has(c.id),
    (c) => ({ query: { committee_id: String(c.id) } }),
  ),
  'POST /api/events': onRecord(
    'calendar.event.create',
    'committee',
    (p, c) => p.adminOf.has(c.id),
    (c, _p, n) => ({ payload: { committee_id: c.id, title: `Walk ${n}`, start: '2030-01-01 09:00:00' } }),
  ),
  'PUT /api/events/{id}': onRecord(
    'calendar.event.update',
    'event',
    (p, e) => p.email === e.creatorEmail && p.committees.has(e.committeeId),
    (e) => ({ url: `/api/events/${e.id}`, payload: { title: 'Walked', start: '2030-01-02 09:00:00' } }),
  ),
  'DELETE /api/events/{id}': onRecord(
    'calendar.event.delete',
    'event',
    (p, e) => p.email === e.creatorEmail && p.committees.has(e.committeeId),
    (e) => ({ url: `/api/events/${e.id}` }),
  ),
  'GET /api/calendar/feed': { action: 'calendar.feed.manage', self: true },
  'POST /api/calendar/feed/reset': { action: 'calendar.feed.manage', self: true },
  'GET /api/calendar/ics/{file}': {
    public: true,
    call: () => ({ url: '/api/calendar/ics/1.not-a-feed-address-at-all.ics' }),
  },
  // Registration (public), one's profile, and the admin's pending requests. The demo
  // data's first request is an AR+CM registration (SYSADMIN's), the second a TA one (TA_ADMIN's).
  'GET /api/facilities/getInfo/{number}': { public: true, call: () => ({ url: '/api/facilities/getInfo/412' }) },
  'POST /api/register': { public: true, call: () => ({ payload: { roles: [] } }) },
  'GET /api/register/categories': { public: true, everyRecord: true },
  'GET /api/profile': { action: 'profile.user.view', self: true },
  'POST /api/user-requests': {
    action: 'profile.change.request',
    self: true,
    call: () => ({ payload: { first_name: '' } }),
  },
  'GET /api/user-requests': { action: 'admin.request.view', allowed: (p: Persona) => holds(p, 'SYSADMIN', 'TA_ADMIN') },
  'GET /api/user-requests/{id}': {
    action: 'admin.request.view',
    allowed: (p: Persona) => holds(p, 'SYSADMIN'),
    call: () => ({ url: '/api/user-requests/1' }),
  },
  'PUT /api/user-requests/{id}': {
    action: 'admin.registration.review',
    refusedTo: (p: Persona) => !holds(p, 'SYSADMIN', 'TA_ADMIN'),
    // No reason: a 400 for the admin, after access is judged; nothing changes.
    call: () => ({ url: '/api/user-requests/1', payload: { status: 'reject', type: 'create' } }),
  },
  'PUT /api/user-requests/{id}/registration': {
    action: 'admin.registration.review',
    refusedTo: (p: Persona) => !holds(p, 'SYSADMIN', 'TA_ADMIN'),
    call: () => ({ url: '/api/user-requests/1/registration', payload: { roles: [] } }),
  },
  // Competency PDFs (demo user 4 is ta@, whose PDF the demo data holds with storage).
  'GET /api/activeuser/competencypdf': {
    action: 'profile.competency.view',
    refusedTo: (p: Persona) => !holds(p, 'TA', 'LA', 'TA_ADMIN'),
  },
  'GET /api/activeuser/markprofileuptodate': {
    action: 'profile.competency.review',
    refusedTo: (p: Persona) => !holds(p, 'TA', 'LA'),
  },
  // The web app's POST of the same (DECISIONS "The audit trail"); the spec's GET stays.
  'POST /api/activeuser/markprofileuptodate': {
    action: 'profile.competency.review',
    refusedTo: (p: Persona) => !holds(p, 'TA', 'LA'),
  },
  'GET /api/admin/ta/competencypdf/{userId}': {
    action: 'admin.competency.view',
    allowed: (p: Persona) => holds(p, 'TA_ADMIN'),
    call: () => ({ url: '/api/admin/ta/competencypdf/4' }),
  },
  'GET /api/admin/ta/markprofileuptodate/{id}': {
    action: 'admin.competency.review',
    allowed: (p: Persona) => holds(p, 'TA_ADMIN'),
    call: () => ({ url: '/api/admin/ta/markprofileuptodate/4' }),
  },
  'POST /api/admin/ta/markprofileuptodate/{id}': {
    action: 'admin.competency.review',
    allowed: (p: Persona) => holds(p, 'TA_ADMIN'),
    call: () => ({ url: '/api/admin/ta/markprofileuptodate/4' }),
  },
  // Suggested-changes documents: an assessor's own upload and removal; la@'s demo document, sent with
  // their pending change (a TA_ADMIN's), seen by the admins and by la@ (DECISIONS "Who handles a request").
  'POST /api/user-requests/edittacompetencydoc': {
    action: 'profile.competency.suggest',
    refusedTo: (p: Persona) => !isAssessor(p),
    call: (p: Persona) =>
      multipart([
        { name: 'fileName', value: 'walk.txt' },
        { name: 'file', filename: `walk-${p.id}.txt`, type: 'text/plain', content: 'walk' },
      ]),
  },
  'POST /api/user-requests/removeUploadedCompetencySuggestDocument': {
    action: 'profile.competency.suggest',
    refusedTo: (p: Persona) => !isAssessor(p),
    call: () => ({ payload: { fileName: 'ffffffffffffffffffffffff' } }),
  },
  'GET /api/admin/ta/competencysuggested/{document}': {
    action: 'admin.competencySuggestion.view',
    allowed: (p: Persona) => holds(p, 'SYSADMIN', 'TA_ADMIN'),
    call: () => ({ url: `/api/admin/ta/competencysuggested/${DEMO_SUGGESTION_DOCUMENT}` }),
  },
  'GET /api/competency-suggestions/{document}': {
    action: 'profile.competencySuggestion.download',
    allowed: (p: Persona) => holds(p, 'SYSADMIN', 'TA_ADMIN') || p.email === 'la@portal.test',
    call: () => ({ url: `/api/competency-suggestions/${DEMO_SUGGESTION_DOCUMENT}` }),
  },
  // File 1 is a job document, not a competency PDF: refused (404) to everyone.
  'GET /api/competencies/{id}': {
    action: 'profile.competency.view',
    refusedTo: () => true,
    call: () => ({ url: '/api/competencies/1' }),
  },
  // Meeting documents: the committee's members, by the folder access rule; the committee admin manages.
  'GET /api/docservicehealthcheck': { action: 'meetings.folder.list', self: true },
  'GET /api/committeerootfolders/{committeeId}': onRecord(
    'meetings.folder.list',
    'committee',
    (p, c) => p.committees.has(c.id),
    (c) => ({ url: `/api/committeerootfolders/${c.id}` }),
  ),
  'GET /api/meetingdocuments/recent/{committeeId}': onRecord(
    'meetings.folder.list',
    'committee',
    (p, c) => p.committees.has(c.id),
    (c) => ({ url: `/api/meetingdocuments/recent/${c.id}` }),
  ),
  'GET /api/meetingdocuments/search': onRecord(
    'meetings.folder.list',
    'committee',
    (p, c) => p.committees.has(c.id),
    (c) => ({ query: { term: 'meeting', cmid: String(c.id) } }),
  ),
  'GET /api/meetingfolders/{rootId}': onRecord('meetings.folder.list', 'meetingFolder', seesMeetingRoot, (f) => ({
    url: `/api/meetingfolders/${f.rootId}`,
  })),
  'GET /api/meetingdocuments': onRecord('meetings.folder.list', 'meetingFolder', seesMeetingFolder, (f) => ({
    query: { folderid: String(f.id) },
  })),
  'POST /api/meetingfolders': onRecord('meetings.folder.manage', 'meetingFolder', meetingAdmin, (f, _p, n) => ({
    payload: { folderName: `Walk ${n}`, parentFolderId: f.rootId, committeeId: f.committeeId },
  })),
  'DELETE /api/meetingfolders/{id}': onRecord('meetings.folder.manage', 'meetingFolder', meetingAdmin, (f) => ({
    url: `/api/meetingfolders/${f.spare}`,
  })),
  'GET /api/meetingfolder/members/{committeeId}/{folderId}': onRecord(
    'meetings.folder.manage',
    'meetingFolder',
    meetingAdmin,
    (f) => ({ url: `/api/meetingfolder/members/${f.committeeId}/${f.id}` }),
  ),
  'POST /api/meetingfolder/accesspermission': onRecord(
    'meetings.folder.manage',
    'meetingFolder',
    meetingAdmin,
    (f) => ({ payload: { folderId: f.id, committeeId: f.committeeId, userIds: [] } }),
  ),
  'POST /api/meetingdocuments': onRecord('meetings.document.upload', 'meetingFolder', meetingAdmin, (f, _p, n) =>
    meetingUpload(f.id, n),
  ),
  'GET /api/meetingdocuments/{id}': onRecord(
    'meetings.document.download',
    'meetingDocument',
    (p, d) => seesMeetingFolder(p, d.folder),
    (d) => ({ url: `/api/meetingdocuments/${d.id}` }),
  ),
  'GET /api/meetingdocuments/bulk': onRecord(
    'meetings.document.download',
    'meetingDocument',
    (p, d) => seesMeetingFolder(p, d.folder),
    (d) => ({ query: { 'ids[]': String(d.id) } }),
  ),
  'POST /api/meetingdocuments/bulk': onRecord(
    'meetings.document.download',
    'meetingDocument',
    (p, d) => seesMeetingFolder(p, d.folder),
    (d) => ({ payload: { ids: [d.id] } }),
  ),
  'DELETE /api/meetingdocuments/{id}': onRecord(
    'meetings.document.delete',
    'meetingDocument',
    (p, d) => meetingAdmin(p, d.folder),
    (d) => ({ url: `/api/meetingdocuments/${d.spares[0]}` }),
  ),
  'POST /api/meetingdocuments/delete/bulk': onRecord(
    'meetings.document.delete',
    'meetingDocument',
    (p, d) => meetingAdmin(p, d.folder),
    (d) => ({ payload: { committeeId: d.folder.committeeId, ids: [d.spares[1]] } }),
  ),
  // Publications (TA, AR, LA, CM read; demo publication 1, category 1 is the root General, 5 its first
  // subcategory); categories and subscriptions for anyone signed in; the back office's calls SYSADMIN's.
  'GET /api/publications': { action: 'publications.publication.list', allowed: readsPublications },
  'GET /api/publications/{id}': {
    action: 'publications.publication.list',
    allowed: readsPublications,
    call: () => ({ url: '/api/publications/1' }),
  },
  'GET /api/publications/{id}/file': {
    action: 'publications.publication.download',
    allowed: readsPublications,
    call: () => ({ url: '/api/publications/1/file' }),
  },
  'POST /api/publications/bulk': {
    action: 'publications.publication.download',
    allowed: readsPublications,
    call: () => ({ payload: { ids: [1, 2] } }),
  },
  'GET /api/publications/bulk': {
    action: 'publications.publication.download',
    allowed: readsPublications,
    call: () => ({ query: { 'ids[]': '1' } }),
  },
  'GET /api/publications/category/{id}': {
    action: 'publications.publication.list',
    allowed: readsPublications,
    call: () => ({ url: '/api/publications/category/5' }),
  },
  'GET /api/categories': { action: 'publications.subscription.update', self: true },
  'GET /api/categories/parent': { action: 'publications.subscription.update', self: true },
  'GET /api/categories/{id}': {
    action: 'publications.subscription.update',
    self: true,
    call: () => ({ url: '/api/categories/1' }),
  },
  'POST /api/subscriptions': {
    action: 'publications.subscription.update',
    self: true,
    call: () => ({ payload: { category_ids: [1] } }),
  },
  'DELETE /api/subscriptions/{ids}': {
    action: 'publications.subscription.update',
    self: true,
    call: () => ({ url: '/api/subscriptions/%5B1%5D' }),
  },
  'GET /api/admin/publications': { action: 'admin.publication.manage', allowed: (p: Persona) => holds(p, 'SYSADMIN') },
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
    call: () => ({
      url: '/api/admin/publications/29',
      ...multipart([{ name: 'file', filename: 'walk-2.pdf', type: 'application/pdf', content: '%PDF-1.4 walk' }]),
    }),
  },
  'DELETE /api/admin/publications/{id}': {
    action: 'admin.publication.manage',
    allowed: (p: Persona) => holds(p, 'SYSADMIN'),
    call: () => ({ url: '/api/admin/publications/30' }),
  },
  // Notification email: one's own preference; the signed unsubscribe link works signed out.
  'GET /api/notifications/email-settings': { action: 'notifications.email.update', self: true },
  'PUT /api/notifications/email-settings': {
    action: 'notifications.email.update',
    self: true,
    call: () => ({ payload: { frequency: 'each' } }),
  },
  'GET /api/unsubscribe': { public: true },
  'POST /api/unsubscribe': { public: true },
  // Contact: open signed out (name and email then required); signed in, any user (modules/contact tests both).
  'POST /api/contact': {
    public: true,
    call: () => ({
      payload: { name: 'Walk Visitor', email: 'walk@example.org', subject: 'Walk', message: 'A walk message.' },
    }),
  },
  // Useful resources: TA, LA and the admins read them (DECISIONS "Useful resources"); demo resources 1-4;
  // the back office's calls are SYSADMIN's.
  'GET /api/resources/ta': { action: 'resources.resource.list', allowed: readsResources },
  'GET /api/resources/{id}/file': {
    action: 'resources.resource.download',
    allowed: readsResources,
    call: () => ({ url: '/api/resources/1/file' }),
  },
  'POST /api/admin/resources': {
    action: 'admin.resource.manage',
    allowed: (p: Persona) => holds(p, 'SYSADMIN'),
    call: () =>
      multipart([
        { name: 'name', value: 'Walk resource' },
        { name: 'file', filename: 'walk.pdf', type: 'application/pdf', content: '%PDF-1.4 walk' },
      ]),
  },
  'POST /api/admin/resources/{id}': {
    action: 'admin.resource.manage',
    allowed: (p: Persona) => holds(p, 'SYSADMIN'),
    call: () => ({
      url: '/api/admin/resources/3',
      ...multipart([{ name: 'file', filename: 'walk-2.pdf', type: 'application/pdf', content: '%PDF-1.4 walk' }]),
    }),
  },
  'DELETE /api/admin/resources/{id}': {
    action: 'admin.resource.manage',
    allowed: (p: Persona) => holds(p, 'SYSADMIN'),
    call: () => ({ url: '/api/admin/resources/4' }),
  },
  // The admin's user management: a SYSADMIN manages users not holding TA, a TA_ADMIN those who do
  // (404 for the other kind); everyone else 403. Calls that change a user go to nobody's id (404
  // for the admins), so the walk changes no demo user.
  'GET /api/users': {
    action: 'admin.user.list',
    allowed: (p: Persona) => holds(p, 'SYSADMIN', 'TA_ADMIN'),
    everyRecord: () => true,
  },
  'GET /api/users/{id}': {
    action: 'admin.user.view',
    allowed: (p: Persona) => holds(p, 'TA_ADMIN'),
    call: () => ({ url: '/api/users/4' }),
  },
  'PUT /api/users/{id}': {
    action: 'admin.user.update',
    refusedTo: (p: Persona) => !holds(p, 'SYSADMIN', 'TA_ADMIN'),
    call: () => ({ url: '/api/users/2000000000', payload: { roles: ['CM'] } }),
  },
  'DELETE /api/users/{id}': {
    action: 'admin.user.delete',
    refusedTo: (p: Persona) => !holds(p, 'SYSADMIN', 'TA_ADMIN'),
    call: () => ({ url: '/api/users/2000000000' }),
  },
  'POST /api/activate/{id}': {
    action: 'admin.user.activate',
    refusedTo: (p: Persona) => !holds(p, 'SYSADMIN', 'TA_ADMIN'),
    call: () => ({ url: '/api/activate/2000000000' }),
  },
  'POST /api/deactivate/{id}': {
    action: 'admin.user.deactivate',
    refusedTo: (p: Persona) => !holds(p, 'SYSADMIN', 'TA_ADMIN'),
    call: () => ({ url: '/api/deactivate/2000000000' }),
  },
  'PUT /api/committeepermissions/{id}': {
    action: 'admin.user.forumWrite',
    refusedTo: (p: Persona) => !holds(p, 'SYSADMIN', 'TA_ADMIN'),
    call: () => ({ url: '/api/committeepermissions/2000000000', payload: { committee_id: 1, can_write: true } }),
  },

  // The audit trail: the SYSADMIN's, read and exported; nobody changes it.
  'GET /api/audit': {
    action: 'admin.audit.read',
    allowed: (p: Persona) => holds(p, 'SYSADMIN'),
    call: () => ({ url: '/api/audit' }),
  },
  'GET /api/audit.csv': {
    action: 'admin.audit.read',
    allowed: (p: Persona) => holds(p, 'SYSADMIN'),
    call: () => ({ url: '/api/audit.csv' }),
  },

  // The admin's committees, notices and report: committees SYSADMIN, notices both admins, the report TA_ADMIN.
  'GET /api/admin/committees': {
    action: 'admin.committee.manage',
    allowed: (p: Persona) => holds(p, 'SYSADMIN'),
    everyRecord: (p: Persona) => holds(p, 'SYSADMIN'),
  },
  'POST /api/committees': {
    action: 'admin.committee.manage',
    refusedTo: (p: Persona) => !holds(p, 'SYSADMIN'),
    call: () => ({ payload: { committee_name: ' ', committee_members: [] } }),
  },
  'PUT /api/committees/{id}': {
    action: 'admin.committee.manage',
    refusedTo: (p: Persona) => !holds(p, 'SYSADMIN'),
    call: () => ({ url: '/api/committees/1', payload: { committee_name: ' ', committee_members: [] } }),
  },
  'POST /api/notifications': {
    action: 'admin.notification.send',
    refusedTo: (p: Persona) => !holds(p, 'SYSADMIN', 'TA_ADMIN'),
    call: () => ({ payload: { sender_name: '', sender_email: '', notification_title: '', notification_body: '' } }),
  },
  'GET /api/notifications/log': {
    action: 'admin.notification.send',
    allowed: (p: Persona) => holds(p, 'SYSADMIN', 'TA_ADMIN'),
  },
  'GET /api/admin/ta/unusedtasformonths/{months}/{ids}': {
    action: 'admin.report.run',
    allowed: (p: Persona) => holds(p, 'TA_ADMIN'),
    call: () => ({ url: '/api/admin/ta/unusedtasformonths/6/1,2' }),
  },
};

export type { Expectation };
