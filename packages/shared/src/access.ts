import type { Role } from './roles.js';

/**
 * Who may enter a page. 'public' needs no token, 'signed-in' any token, otherwise the listed roles
 * (spec/01 2.1 and spec/02 section 2). "admin" in the spec is SYSADMIN.
 */
export type RouteAccess = 'public' | 'signed-in' | readonly Role[];

export interface RouteEntry {
  /** React Router path pattern. */
  path: string;
  access: RouteAccess;
  /** Page title used by breadcrumbs. */
  title: string;
  /** The page above this one in the breadcrumbs (a record's list, a record's owner): a key of ROUTES. */
  parent?: string;
}

const JOB_ROLES: readonly Role[] = ['TA', 'AR', 'LA'];
const PUBLICATION_ROLES: readonly Role[] = ['TA', 'AR', 'LA', 'CM'];
const AR_ONLY: readonly Role[] = ['AR'];
const CM_ONLY: readonly Role[] = ['CM'];
const ADMINS: readonly Role[] = ['SYSADMIN', 'TA_ADMIN'];

export const ROUTES = {
  home: { path: '/', access: 'public', title: 'Home' },
  login: { path: '/login', access: 'public', title: 'Log In' },
  activation: { path: '/activation', access: 'public', title: 'Activation' },
  twoFactor: { path: '/two-factor', access: 'public', title: 'Two-Step Verification' },
  resetPasswordFirstAccess: { path: '/reset-password-first-access', access: 'public', title: 'Reset Password' },
  register: { path: '/register', access: 'public', title: 'Registration' },
  taUsefulResources: { path: '/ta-useful-resources', access: 'public', title: 'Useful Resources' },
  usefulResourcesTa: { path: '/useful-resources-ta', access: 'public', title: 'Useful Resources' },
  contact: { path: '/contact', access: 'public', title: 'Contact' },
  about: { path: '/about', access: 'public', title: 'About' },

  dashboard: { path: '/dashboard', access: ['CM', 'AR', 'TA', 'SYSADMIN'], title: 'Dashboard' },
  jobs: { path: '/jobs', access: JOB_ROLES, title: 'Jobs' },
  job: { path: '/job/:id', access: JOB_ROLES, title: 'Job', parent: 'jobs' },
  publications: { path: '/publications', access: PUBLICATION_ROLES, title: 'Publications' },
  publication: { path: '/publications/:id', access: PUBLICATION_ROLES, title: 'Publication', parent: 'publications' },
  invoices: { path: '/invoices', access: AR_ONLY, title: 'Invoices' },
  facilities: { path: '/facilities', access: AR_ONLY, title: 'Facilities/Sites' },
  facility: { path: '/facility/:id', access: AR_ONLY, title: 'Facility', parent: 'facilities' },
  site: { path: '/site/:id', access: AR_ONLY, title: 'Site', parent: 'facility' },

  calendar: { path: '/calendar', access: 'signed-in', title: 'Calendar' },
  calendarDate: { path: '/calendar/:date', access: 'signed-in', title: 'Calendar', parent: 'calendar' },
  subscriptions: { path: '/subscriptions', access: 'signed-in', title: 'Manage My Subscriptions' },
  notifications: { path: '/notifications', access: 'signed-in', title: 'Notifications' },
  profile: { path: '/profile', access: 'signed-in', title: 'Profile' },
  editProfile: { path: '/edit-profile', access: 'signed-in', title: 'Edit Profile', parent: 'profile' },
  profile2fa: { path: '/profile2fa', access: 'signed-in', title: '2 Step Verification' },
  changePassword: { path: '/change-password', access: 'signed-in', title: 'Change Password' },
  meetingDocuments: { path: '/meeting-documents', access: 'signed-in', title: 'Meeting Documents' },
  termsConditions: { path: '/terms-conditions', access: 'signed-in', title: 'Terms and Conditions' },

  forum: { path: '/forum', access: CM_ONLY, title: 'Forum' },
  discussion: { path: '/discussion/:id', access: CM_ONLY, title: 'Discussion', parent: 'forum' },
  newDiscussion: { path: '/forum/new-discussion', access: CM_ONLY, title: 'New Discussion', parent: 'forum' },
  editDiscussion: { path: '/forum/edit-discussion/:id', access: CM_ONLY, title: 'Edit Discussion', parent: 'forum' },
  members: { path: '/members', access: CM_ONLY, title: 'Members' },

  adminReports: { path: '/admin/reports', access: ['TA_ADMIN'], title: 'Reports' },
  adminUsers: { path: '/admin/users', access: ADMINS, title: 'All Users' },
  adminUser: { path: '/admin/user/:id', access: ADMINS, title: 'User Profile', parent: 'adminUsers' },
  adminEditPersonalDetails: {
    path: '/admin/edit-personal-details/:id',
    access: ADMINS,
    title: 'Edit Personal Details',
    parent: 'adminUser',
  },
  adminOutstandingActivities: {
    path: '/admin/outstanding-activities',
    access: ADMINS,
    title: 'Outstanding Activities',
  },
  adminPendingRegistrationAll: {
    path: '/admin/pending-registration-all',
    access: ADMINS,
    title: 'All Pending Registrations',
  },
  adminPendingRegistration: {
    path: '/admin/pending-registration/:id',
    access: ADMINS,
    title: 'Pending Approval',
    parent: 'adminPendingRegistrationAll',
  },
  adminEditRegistration: {
    path: '/admin/edit-registration/:id',
    access: ADMINS,
    title: 'Edit Registration',
    parent: 'adminPendingRegistration',
  },
  adminPendingProfileChangeAll: {
    path: '/admin/pending-profile-change-all',
    access: ADMINS,
    title: 'All Pending Profile Change',
  },
  adminPendingProfileChange: {
    path: '/admin/pending-profile-change/:id',
    access: ADMINS,
    title: 'Pending Approval',
    parent: 'adminPendingProfileChangeAll',
  },
  adminNotifications: { path: '/admin/notifications', access: ADMINS, title: 'Notifications' },
  adminManageCommittees: {
    path: '/admin/manage-committees',
    access: ADMINS,
    title: 'Manage Committee',
    parent: 'adminUsers',
  },
  // Not in the spec: the back office adds, replaces and removes publications (admin.publication.manage).
  adminPublications: { path: '/admin/publications', access: ['SYSADMIN'], title: 'Manage Publications' },
  // Not in the spec: who did what, when and from where (admin.audit.read).
  adminAudit: { path: '/admin/audit', access: ['SYSADMIN'], title: 'Audit Trail' },
} as const satisfies Record<string, RouteEntry>;

export type RouteName = keyof typeof ROUTES;

/** The name of the route a concrete path falls under ('/' is the dashboard when signed in). */
export function routeNameOf(path: string): RouteName | undefined {
  const entry = matchRoute(path);
  return entry ? (Object.keys(ROUTES) as RouteName[]).find((name) => ROUTES[name] === entry) : undefined;
}

/**
 * The breadcrumb trail of a signed-in page, as route names from the root: the role's landing page
 * (Dashboard, or Outstanding Activities for admins), then the page's parents, then the page.
 * Facilities/Sites > {facility} > {site}; Jobs > Job {number}.
 */
export function breadcrumbTrail(name: RouteName, landing: RouteName): RouteName[] {
  const chain: RouteName[] = [];
  for (
    let at: RouteName | undefined = name;
    at && !chain.includes(at);
    at = (ROUTES[at] as RouteEntry).parent as RouteName | undefined
  )
    chain.unshift(at);
  return chain[0] === landing ? chain : [landing, ...chain];
}
export const ROUTE_LIST: readonly RouteEntry[] = Object.values(ROUTES);

/** Fills a route pattern: pathTo('job', { id: 5 }) -> '/job/5'. */
export function pathTo(name: RouteName, params: Record<string, string | number> = {}): string {
  return ROUTES[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

function patternMatches(pattern: string, path: string): boolean {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('?')[0]!.split('#')[0]!.split('/').filter(Boolean);
  if (p.length !== s.length) return false;
  return p.every((part, i) => part.startsWith(':') || part === s[i]);
}

/** The route entry a concrete path falls under, or undefined for an unmatched path. */
export function matchRoute(path: string): RouteEntry | undefined {
  // Static patterns win over parameterised ones (/forum/new-discussion before /forum/:x).
  const candidates = ROUTE_LIST.filter((r) => patternMatches(r.path, path));
  return candidates.find((r) => !r.path.includes(':')) ?? candidates[0];
}

export type GuardDecision = { allow: true } | { allow: false; redirect: string };

/**
 * The navigation guard of spec/01 2.2: no token on a protected route goes to /, a role-restricted
 * route needs the current role, an unmatched route goes to /.
 */
export function guard(path: string, signedIn: boolean, currentRole: string | null): GuardDecision {
  const route = matchRoute(path);
  if (!route) return { allow: false, redirect: '/' };
  if (route.access === 'public') return { allow: true };
  if (!signedIn) return { allow: false, redirect: '/' };
  if (route.access === 'signed-in') return { allow: true };
  return currentRole && (route.access as readonly string[]).includes(currentRole)
    ? { allow: true }
    : { allow: false, redirect: '/' };
}

export function canEnter(path: string, currentRole: string | null): boolean {
  return guard(path, currentRole !== null, currentRole).allow;
}

export interface SidebarItem {
  label: string;
  route: RouteName;
  roles: readonly Role[];
}

/** The sidebar table of spec/01 2.4, in display order. */
export const SIDEBAR: readonly SidebarItem[] = [
  { label: 'Facilities/Sites', route: 'facilities', roles: AR_ONLY },
  { label: 'Jobs', route: 'jobs', roles: JOB_ROLES },
  { label: 'Invoices', route: 'invoices', roles: AR_ONLY },
  { label: 'Publications', route: 'publications', roles: PUBLICATION_ROLES },
  { label: 'Forum', route: 'forum', roles: CM_ONLY },
  { label: 'Members', route: 'members', roles: CM_ONLY },
  { label: 'Calendar', route: 'calendar', roles: CM_ONLY },
  { label: 'Meeting Documents', route: 'meetingDocuments', roles: CM_ONLY },
  { label: 'Outstanding Activities', route: 'adminOutstandingActivities', roles: ADMINS },
  { label: 'Notifications', route: 'adminNotifications', roles: ADMINS },
  { label: 'All Users', route: 'adminUsers', roles: ADMINS },
  { label: 'Reports', route: 'adminReports', roles: ['TA_ADMIN'] },
  { label: 'Audit Trail', route: 'adminAudit', roles: ['SYSADMIN'] },
  { label: 'Useful Resources', route: 'taUsefulResources', roles: ['TA'] },
  { label: 'Contact', route: 'contact', roles: ['CM', 'AR', 'TA', 'LA'] },
];

export function sidebarFor(currentRole: string): SidebarItem[] {
  return SIDEBAR.filter((item) => (item.roles as readonly string[]).includes(currentRole));
}

/** The dashboard's cards (spec/01 2.5) beside Notifications, each with the view roles that see it. */
export const DASHBOARD_CARDS = {
  jobs: JOB_ROLES,
  invoices: AR_ONLY,
  upcomingMeetings: CM_ONLY,
  recentDocuments: CM_ONLY,
  recentPublications: ['AR', 'TA', 'CM'],
} as const satisfies Record<string, readonly Role[]>;

export type DashboardCardName = keyof typeof DASHBOARD_CARDS;

export function dashboardShows(card: DashboardCardName, currentRole: string | null): boolean {
  return currentRole !== null && (DASHBOARD_CARDS[card] as readonly string[]).includes(currentRole);
}

/** Buttons of a page that only some views of those entering it see (spec/02 "Admin back office"). */
export const PAGE_BUTTONS = {
  /** All Users' 'Manage Forum Admin': hidden for TA_ADMIN. */
  manageForumAdmin: ['SYSADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export function pageButtonShown(button: keyof typeof PAGE_BUTTONS, currentRole: string | null): boolean {
  return currentRole !== null && (PAGE_BUTTONS[button] as readonly string[]).includes(currentRole);
}

/** Routes on which the full-screen loading spinner is not shown (spec/01 2.2). */
export const NO_SPINNER_PATHS: readonly string[] = ['/', '/register'];
