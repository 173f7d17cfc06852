import { describe, expect, it } from 'vitest';
import {
  ROUTE_LIST,
  ROUTES,
  breadcrumbTrail,
  canEnter,
  guard,
  matchRoute,
  pathTo,
  sidebarFor,
  type RouteName,
} from './access.js';
import type { Role } from './roles.js';

/**
 * The expected tables below are written out by hand from spec/01 2.1 (route table) and 2.4 (sidebar
 * table), plus the routes spec/02 section 2 adds (/publications/{id}, /useful-resources-ta). They are
 * deliberately NOT derived from ROUTES or SIDEBAR: the point is to check the code against the spec.
 * "admin" in the spec is SYSADMIN (DECISIONS "People and roles").
 */

type Who = Role | 'signed-out';
const ROLES_UNDER_TEST: readonly Role[] = ['SYSADMIN', 'AR', 'TA', 'TA_ADMIN', 'CM', 'LA'];
const EVERYONE: readonly Who[] = [...ROLES_UNDER_TEST, 'signed-out'];

const PUBLIC: readonly Who[] = EVERYONE;
const SIGNED_IN: readonly Who[] = ['SYSADMIN', 'AR', 'TA', 'TA_ADMIN', 'CM', 'LA'];
const DASHBOARD: readonly Who[] = ['CM', 'AR', 'TA', 'SYSADMIN'];
const JOBS: readonly Who[] = ['TA', 'AR', 'LA'];
const PUBLICATIONS: readonly Who[] = ['TA', 'AR', 'LA', 'CM'];
const AR: readonly Who[] = ['AR'];
const CM: readonly Who[] = ['CM'];
const TA_ADMIN: readonly Who[] = ['TA_ADMIN'];
const SYSADMIN: readonly Who[] = ['SYSADMIN'];
const ADMINS: readonly Who[] = ['SYSADMIN', 'TA_ADMIN'];
const NOBODY: readonly Who[] = [];

/** Concrete path -> who may enter it. */
const EXPECTED: Record<string, readonly Who[]> = {
  // "No token is needed for" (2.1), and the other path constants /login/, /contact, /about.
  '/': PUBLIC,
  '/activation': PUBLIC,
  '/activation?token=abc&email=a%40b.test': PUBLIC,
  '/two-factor': PUBLIC,
  '/reset-password-first-access': PUBLIC,
  '/reset-password-first-access?url=x&signature=y': PUBLIC,
  '/register': PUBLIC,
  '/ta-useful-resources': PUBLIC,
  '/useful-resources-ta': PUBLIC, // spec/02 section 2: "(also /useful-resources-ta/)"
  '/useful-resources-ta/': PUBLIC,
  '/contact': PUBLIC,
  '/about': PUBLIC,
  '/login': PUBLIC,
  '/login/': PUBLIC,

  '/dashboard': DASHBOARD,

  '/jobs': JOBS,
  '/job/5': JOBS,
  '/job/100234?tab=received': JOBS,

  '/publications': PUBLICATIONS,
  '/publications/12': PUBLICATIONS, // spec/02 section 2

  '/invoices': AR,
  '/facilities': AR,
  '/facility/7': AR,
  '/site/9': AR,

  '/calendar': SIGNED_IN,
  '/calendar/2026-01-01': SIGNED_IN,
  '/subscriptions': SIGNED_IN,
  '/notifications': SIGNED_IN,
  '/profile': SIGNED_IN,
  '/edit-profile': SIGNED_IN,
  '/profile2fa': SIGNED_IN,
  '/change-password': SIGNED_IN,
  '/meeting-documents': SIGNED_IN,
  '/terms-conditions': SIGNED_IN,

  '/forum': CM,
  '/discussion/4': CM,
  '/forum/new-discussion': CM,
  '/forum/edit-discussion/4': CM,
  '/members': CM,

  '/admin/reports': TA_ADMIN,

  '/admin/users': ADMINS,
  '/admin/user/3': ADMINS,
  '/admin/edit-personal-details/3': ADMINS,
  '/admin/outstanding-activities': ADMINS,
  '/admin/pending-registration-all': ADMINS,
  '/admin/pending-registration/8': ADMINS,
  '/admin/edit-registration/8': ADMINS,
  '/admin/pending-profile-change-all': ADMINS,
  '/admin/pending-profile-change/6': ADMINS,
  '/admin/notifications': ADMINS,
  '/admin/manage-committees': ADMINS,

  // Not in the spec: the back office's publications (DECISIONS "Publications on the web"), SYSADMIN's.
  '/admin/publications': SYSADMIN,
  // Ours: the audit trail (DESIGN 'The audit trail').
  '/admin/audit': SYSADMIN,

  // Unmatched routes go to / (2.2), for everyone.
  '/nowhere': NOBODY,
  '/job': NOBODY,
  '/job/5/extra': NOBODY,
  '/jobs/5': NOBODY,
  '/admin': NOBODY,
  '/admin/user': NOBODY,
  '/forum/something-else': NOBODY,
  '/forum/edit-discussion': NOBODY,
  '/calendar/2026/01/01': NOBODY,
  '/DASHBOARD': NOBODY,
};

function decide(path: string, who: Who) {
  return who === 'signed-out' ? guard(path, false, null) : guard(path, true, who);
}

describe('guard() over the whole route table (spec/01 2.1, 2.2)', () => {
  it.each(Object.entries(EXPECTED))('%s', (path, allowed) => {
    const actual = Object.fromEntries(EVERYONE.map((who) => [who, decide(path, who).allow]));
    const expected = Object.fromEntries(EVERYONE.map((who) => [who, allowed.includes(who)]));
    expect(actual).toEqual(expected);
  });

  it('sends every refused navigation to /', () => {
    for (const path of Object.keys(EXPECTED)) {
      for (const who of EVERYONE) {
        const decision = decide(path, who);
        if (!decision.allow) expect(decision, `${who} on ${path}`).toEqual({ allow: false, redirect: '/' });
      }
    }
  });

  it('covers every entry of the route table with at least one concrete path', () => {
    const covered = new Set(Object.keys(EXPECTED).map((p) => matchRoute(p)?.path));
    const missing = ROUTE_LIST.map((r) => r.path).filter((p) => !covered.has(p));
    expect(missing, 'routes in ROUTES that the spec table above does not list').toEqual([]);
  });

  it('matches static patterns before parameterised ones', () => {
    expect(matchRoute('/forum/new-discussion')?.path).toBe('/forum/new-discussion');
    expect(matchRoute('/forum/edit-discussion/4')?.path).toBe('/forum/edit-discussion/:id');
    expect(matchRoute('/calendar/2026-01-01')?.path).toBe('/calendar/:date');
    expect(matchRoute('/nowhere')).toBeUndefined();
  });

  it('needs a token even when a role is somehow stored', () => {
    // A protected route without a stored token redirects to / (2.2).
    expect(guard('/dashboard', false, 'CM')).toEqual({ allow: false, redirect: '/' });
    expect(guard('/profile', false, 'AR')).toEqual({ allow: false, redirect: '/' });
    expect(guard('/contact', false, 'AR')).toEqual({ allow: true });
  });

  it('refuses a role-restricted route to a signed-in user without a current role', () => {
    expect(guard('/jobs', true, null)).toEqual({ allow: false, redirect: '/' });
    expect(guard('/profile', true, null)).toEqual({ allow: true });
  });

  it('refuses roles that are not the current one, and unknown role names', () => {
    expect(guard('/invoices', true, 'ar')).toEqual({ allow: false, redirect: '/' });
    expect(guard('/invoices', true, 'ADMIN')).toEqual({ allow: false, redirect: '/' });
    expect(guard('/admin/users', true, 'admin')).toEqual({ allow: false, redirect: '/' });
  });

  it('canEnter agrees with the table (null role = signed out)', () => {
    for (const [path, allowed] of Object.entries(EXPECTED)) {
      expect(canEnter(path, null), `signed-out on ${path}`).toBe(allowed.includes('signed-out'));
      for (const role of ROLES_UNDER_TEST)
        expect(canEnter(path, role), `${role} on ${path}`).toBe(allowed.includes(role));
    }
  });
});

describe('pathTo', () => {
  it('fills route patterns', () => {
    expect(pathTo('job', { id: 5 })).toBe('/job/5');
    expect(pathTo('adminUser', { id: 3 })).toBe('/admin/user/3');
    expect(pathTo('calendarDate', { date: '2026-01-01' })).toBe('/calendar/2026-01-01');
    expect(pathTo('newDiscussion')).toBe('/forum/new-discussion');
    expect(pathTo('discussion', { id: 'a/b' })).toBe('/discussion/a%2Fb');
  });
});

/** Spec/01 2.4 sidebar table, per role, in the table's order. */
const SIDEBAR_EXPECTED: Record<Role, string[]> = {
  AR: ['Facilities/Sites', 'Jobs', 'Invoices', 'Publications', 'Contact'],
  TA: ['Jobs', 'Publications', 'Useful Resources', 'Contact'],
  LA: ['Jobs', 'Publications', 'Contact'],
  CM: ['Publications', 'Forum', 'Members', 'Calendar', 'Meeting Documents', 'Contact'],
  SYSADMIN: ['Outstanding Activities', 'Notifications', 'All Users', 'Audit Trail'],
  TA_ADMIN: ['Outstanding Activities', 'Notifications', 'All Users', 'Reports'],
};

/** Where each sidebar item must lead (spec/01 2.1, spec/02 2). */
const SIDEBAR_TARGETS: Record<string, string> = {
  'Facilities/Sites': '/facilities',
  Jobs: '/jobs',
  Invoices: '/invoices',
  Publications: '/publications',
  Forum: '/forum',
  Members: '/members',
  Calendar: '/calendar',
  'Meeting Documents': '/meeting-documents',
  'Outstanding Activities': '/admin/outstanding-activities',
  Notifications: '/admin/notifications',
  'All Users': '/admin/users',
  Reports: '/admin/reports',
  'Audit Trail': '/admin/audit',
  'Useful Resources': '/ta-useful-resources',
  Contact: '/contact',
};

describe('sidebarFor (spec/01 2.4)', () => {
  it.each(Object.entries(SIDEBAR_EXPECTED))('%s', (role, labels) => {
    expect(sidebarFor(role).map((i) => i.label)).toEqual(labels);
  });

  it('links every item to its page, and the role may enter that page', () => {
    for (const role of ROLES_UNDER_TEST) {
      for (const item of sidebarFor(role)) {
        const path = pathTo(item.route as RouteName);
        expect(path, item.label).toBe(SIDEBAR_TARGETS[item.label]);
        expect(canEnter(path, role), `${role} -> ${item.label} (${path})`).toBe(true);
      }
    }
  });

  it('is empty for an unknown role', () => {
    expect(sidebarFor('NOBODY')).toEqual([]);
  });
});

describe('breadcrumbTrail', () => {
  it('follows the parents from the landing page', () => {
    expect(breadcrumbTrail('site', 'dashboard')).toEqual(['dashboard', 'facilities', 'facility', 'site']);
    expect(breadcrumbTrail('job', 'dashboard')).toEqual(['dashboard', 'jobs', 'job']);
    expect(breadcrumbTrail('invoices', 'dashboard')).toEqual(['dashboard', 'invoices']);
    expect(breadcrumbTrail('dashboard', 'dashboard')).toEqual(['dashboard']);
  });

  it('starts at Outstanding Activities for admins', () => {
    expect(breadcrumbTrail('adminUser', 'adminOutstandingActivities')).toEqual([
      'adminOutstandingActivities',
      'adminUsers',
      'adminUser',
    ]);
    expect(breadcrumbTrail('adminOutstandingActivities', 'adminOutstandingActivities')).toEqual([
      'adminOutstandingActivities',
    ]);
  });

  it('every parent is a route', () => {
    for (const entry of ROUTE_LIST) if (entry.parent) expect(Object.keys(ROUTES)).toContain(entry.parent);
  });
});
