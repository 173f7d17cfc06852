import { z } from 'zod';
import { ROLES, type Role } from './roles.js';

/**
 * Every action of the portal, named `area.resource.verb`. The route table (access.ts) says which
 * roles enter a page; these say what a user may do inside it. The server's rules for each action
 * live in apps/server/src/modules/<area>/<area>.policy.ts and are asked through
 * platform/access.ts (`authorize`, `scopeFor`); responses carry `abilities` keyed by these names,
 * so the web app shows a button from the server's word.
 *
 * Areas not built yet have their actions named here already, so they only register rules.
 */
export const ACTIONS = [
  // Signing in and one's own account (any signed-in user, on themselves).
  'auth.session.view',
  'auth.session.end',
  'auth.password.change',
  'auth.twofactor.setup',
  'profile.user.view',
  'profile.user.update',
  'profile.change.request',

  // Facilities and sites (AR, on what they represent).
  'facilities.facility.list',
  'facilities.facility.view',
  'facilities.facility.update',
  'sites.site.view',
  'sites.site.update',

  // Jobs and their documents (AR on the facility side, TA and LA on the assessors' side).
  'jobs.job.list',
  'jobs.job.view',
  'jobs.document.list',
  'jobs.document.upload',
  'jobs.document.download',
  'jobs.document.review',

  // Site documents (AR).
  'sites.document.list',
  'sites.document.upload',
  'sites.document.download',

  // Invoices (AR, of the facilities they represent).
  'invoices.invoice.list',

  // Download links (tickets) for the document downloads above.
  'downloads.ticket.create',

  // Notifications (one's own; admins send).
  'notifications.notification.list',
  'notifications.notification.update',
  'admin.notification.send',

  // Back-office import (SYSADMIN).
  'admin.import.run',

  // Forum (CM, in their committees).
  'forum.thread.list',
  'forum.thread.view',
  'forum.thread.create',
  'forum.thread.update',
  'forum.thread.delete',
  'forum.reply.create',
  'forum.reply.update',
  'forum.reply.delete',
  'forum.thread.follow',
  'forum.attachment.download',
  'forum.category.list',
  'forum.member.list',

  // Meeting documents (CM; committee admins manage folders).
  'meetings.folder.list',
  'meetings.folder.manage',
  'meetings.document.download',
  'meetings.document.upload',
  'meetings.document.delete',

  // Calendar and committees' members.
  'calendar.event.list',
  'calendar.event.manage',
  'committees.member.list',

  // Committees and their calendar (committees and calendar areas).
  'committees.committee.list',
  'calendar.event.create',
  'calendar.event.update',
  'calendar.event.delete',
  'calendar.feed.manage',

  // Publications and subscriptions (TA, AR, LA, CM), useful resources (TA).
  'publications.publication.list',
  'publications.publication.download',
  'publications.subscription.update',
  'resources.resource.list',
  'resources.resource.download',
  // Publications and useful resources as the body's records: added, replaced, removed (SYSADMIN).
  'admin.publication.manage',
  'admin.resource.manage',
  // One's own notification email preference.
  'notifications.email.update',

  // Contact and registration (also signed out).
  'contact.message.send',
  'registration.request.create',

  // Admin back office (SYSADMIN and TA_ADMIN; some SYSADMIN only).
  'admin.user.list',
  'admin.user.view',
  'admin.user.update',
  'admin.user.activate',
  'admin.user.deactivate',
  'admin.user.delete',
  'admin.user.forumWrite',
  'admin.registration.review',
  'admin.profileChange.review',
  'admin.committee.manage',
  'admin.report.run',

  // Pending registrations and profile changes: reaching the admin's request calls at all (holding
  // an admin role, whatever the view: checked before the body is read), seeing one (deciding is
  // admin.registration.review / admin.profileChange.review).
  'admin.request.enter',
  'admin.request.view',

  // An assessor's competency PDF: their own (TA, LA), and the TA admin's view of assessors'.
  'profile.competency.view',
  'profile.competency.review',
  'admin.competency.view',
  'admin.competency.review',
  // An assessor's suggested-changes document (uploaded and removed before the profile change is
  // sent), and its view by the admins who see the change (DECISIONS "Who handles a request").
  'profile.competency.suggest',
  'admin.competencySuggestion.view',
  'profile.competencySuggestion.download',
  // Second factors beyond the spec's codes: one's own app, passkeys and recovery codes;
  // an admin's reset of a user's (SYSADMIN for other users, TA_ADMIN for assessors, as requests).
  'auth.secondFactor.manage',
  'admin.secondFactor.reset',
  // The audit trail: reading and exporting it (SYSADMIN); no action changes a record.
  'admin.audit.read',
] as const;

export type Action = (typeof ACTIONS)[number];

/** Technical assessors: TA, and LA, which always comes with it. Their competency card, and who decides their requests, follow from it. */
export const ASSESSOR_ROLES = ['TA', 'LA'] as const satisfies readonly Role[];

/** The admin roles that decide registrations and profile changes. */
export const REQUEST_HANDLERS = ['SYSADMIN', 'TA_ADMIN'] as const satisfies readonly Role[];
export type RequestHandler = (typeof REQUEST_HANDLERS)[number];

export const isAssessorRoles = (roles: readonly string[]) => ASSESSOR_ROLES.some((r) => roles.includes(r));

/**
 * Who decides a request (DECISIONS "Who handles a request", "What the TA admin may grant"): the TA
 * admin grants and changes only what concerns assessors, so a request is theirs when every role it
 * asks for or its user holds is an assessor's (TA, LA) and it does not change the email one signs
 * in with; any other (AR, CM, facilities, sites, committees, an admin's account, the sign-in email)
 * is decided by a SYSADMIN.
 */
export const requestHandlerOf = (roles: readonly string[], changesSignInEmail = false): RequestHandler =>
  !changesSignInEmail && roles.length > 0 && roles.every((r) => (ASSESSOR_ROLES as readonly string[]).includes(r))
    ? 'TA_ADMIN'
    : 'SYSADMIN';

/**
 * Which admin role manages a user (DECISIONS "Who manages whom"): decided from every role the user
 * holds. A TA_ADMIN manages only users whose roles are all an assessor's (TA, LA); a user holding any
 * other role (AR, CM, TA_ADMIN, SYSADMIN) or none is managed by a SYSADMIN only. So no TA_ADMIN ever
 * edits, resets or signs in as someone holding more power than an assessor.
 */
export const managerOf = (roles: readonly string[]): RequestHandler => requestHandlerOf(roles);

/**
 * Who may grant or remove which role (DECISIONS "Who may grant which role"): a SYSADMIN any role, a
 * TA_ADMIN only TA and LA. Every path that sets a user's roles checks it (user edit, a registration's
 * edit and approval).
 */
export const ROLE_GRANTS: Record<RequestHandler, readonly Role[]> = {
  SYSADMIN: ROLES,
  TA_ADMIN: ASSESSOR_ROLES,
};

/** The roles a user holding these roles may grant or remove: what all their admin roles' rows allow. */
export const grantableBy = (actorRoles: readonly string[]): Role[] =>
  ROLES.filter((r) => REQUEST_HANDLERS.some((h) => actorRoles.includes(h) && ROLE_GRANTS[h].includes(r)));

/** The roles a change from `before` to `after` grants or removes that the actor may not (empty: allowed). */
export function rolesBeyondGrant(
  actorRoles: readonly string[],
  before: readonly string[],
  after: readonly string[],
): Role[] {
  const grantable = grantableBy(actorRoles);
  const changed = [...after.filter((r) => !before.includes(r)), ...before.filter((r) => !after.includes(r))];
  return ROLES.filter((r) => changed.includes(r) && !grantable.includes(r));
}

/** Whether an admin view sees a request: a SYSADMIN every one, a TA_ADMIN those the TA admin decides. */
export const adminViewSeesRequest = (view: string, handler: RequestHandler) =>
  view === 'SYSADMIN' || (view === 'TA_ADMIN' && handler === 'TA_ADMIN');

export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);
}

/** The actions a response's `abilities` answer for each kind of record the web app acts on. */
export const ABILITIES = {
  job: ['jobs.document.upload', 'jobs.document.review', 'jobs.document.download', 'sites.site.view'],
  facility: ['facilities.facility.update'],
  site: ['sites.site.update', 'sites.document.upload', 'sites.document.download'],
  forumCommittee: ['forum.thread.create'],
  forumThread: ['forum.thread.update', 'forum.thread.delete', 'forum.reply.create', 'forum.thread.follow'],
  forumReply: ['forum.reply.update', 'forum.reply.delete'],
  event: ['calendar.event.update', 'calendar.event.delete'],
  calendar: ['calendar.event.create'],
  // A committee's meeting documents, or one folder of them: the committee admin manages and uploads.
  meetingFolder: ['meetings.folder.manage', 'meetings.document.upload', 'meetings.document.delete'],
  profile: ['profile.competency.view', 'profile.competency.review', 'profile.competency.suggest'],
  competencyChange: ['admin.competency.view', 'admin.competencySuggestion.view'],
} as const satisfies Record<string, readonly Action[]>;

export type AbilitiesOf<K extends keyof typeof ABILITIES> = Record<(typeof ABILITIES)[K][number], boolean>;

/** The zod shape of a response's `abilities`: one boolean per action of that kind of record. */
export function abilitiesSchema<K extends keyof typeof ABILITIES>(kind: K) {
  const shape = Object.fromEntries(ABILITIES[kind].map((a) => [a, z.boolean()])) as Record<
    (typeof ABILITIES)[K][number],
    z.ZodBoolean
  >;
  return z
    .object(shape)
    .describe(`What this user may do to this ${kind}: one flag per action (packages/shared permissions.ts).`);
}
