import { describe, expect, it } from 'vitest';
import { ROLES, ROUTES, type RouteEntry } from '@portal/shared';
import { decideNavigation } from './guard';

/** A concrete path for a route pattern: /job/:id -> /job/7. */
function samplePath(route: RouteEntry): string {
  return route.path.replace(/:(\w+)/g, (_, key: string) => (key === 'date' ? '2026-03-01' : '7'));
}

/** What spec/01 2.1 says, written out independently of the shared guard. */
function expected(route: RouteEntry, role: string | null): boolean {
  if (route.access === 'public') return true;
  if (role === null) return false;
  if (route.access === 'signed-in') return true;
  return (route.access as readonly string[]).includes(role);
}

const SIGNED_IN = ROLES.map((role) => ({ who: role, token: 'token', role }));
const VISITORS = [...SIGNED_IN, { who: 'signed out', token: null, role: null }];
const PAGES = Object.entries(ROUTES).filter(([name]) => name !== 'twoFactor');

describe('navigation guard (spec/01 2.2)', () => {
  describe.each(VISITORS)('$who', ({ token, role }) => {
    it.each(PAGES.map(([name, route]) => ({ name, route, path: samplePath(route) })))('$path', ({ route, path }) => {
      const decision = decideNavigation({ path, token, currentRole: role, hasPreviousRoute: true });
      if (expected(route, role)) {
        expect(decision).toEqual({ allow: true });
      } else {
        expect(decision).toEqual({ allow: false, redirect: '/', clearAuth: false });
      }
    });
  });

  it('lets only the listed roles in, by the current role', () => {
    const allowed = (path: string) =>
      ROLES.filter((role) => decideNavigation({ path, token: 't', currentRole: role, hasPreviousRoute: false }).allow);
    expect(allowed('/dashboard')).toEqual(['SYSADMIN', 'AR', 'TA', 'CM']);
    expect(allowed('/jobs')).toEqual(['AR', 'TA', 'LA']);
    expect(allowed('/job/12')).toEqual(['AR', 'TA', 'LA']);
    expect(allowed('/invoices')).toEqual(['AR']);
    expect(allowed('/site/3')).toEqual(['AR']);
    expect(allowed('/publications')).toEqual(['AR', 'TA', 'CM', 'LA']);
    expect(allowed('/forum/new-discussion')).toEqual(['CM']);
    expect(allowed('/members')).toEqual(['CM']);
    expect(allowed('/admin/reports')).toEqual(['TA_ADMIN']);
    expect(allowed('/admin/users')).toEqual(['SYSADMIN', 'TA_ADMIN']);
    expect(allowed('/admin/pending-profile-change/9')).toEqual(['SYSADMIN', 'TA_ADMIN']);
    expect(allowed('/notifications')).toEqual([...ROLES]);
    expect(allowed('/contact')).toEqual([...ROLES]);
  });

  it('sends a protected route without a token home', () => {
    for (const path of ['/dashboard', '/notifications', '/change-password', '/profile2fa', '/admin/users']) {
      expect(decideNavigation({ path, token: null, currentRole: 'AR', hasPreviousRoute: true })).toEqual({
        allow: false,
        redirect: '/',
        clearAuth: false,
      });
    }
  });

  it('waits for the active user on a role-restricted route when a token is stored without its role', () => {
    for (const path of ['/dashboard', '/jobs', '/members', '/admin/users']) {
      expect(decideNavigation({ path, token: 't', currentRole: null, hasPreviousRoute: false })).toEqual({
        allow: false,
        awaitRole: true,
      });
    }
    // Any signed-in user may open these, and an unmatched route goes home as ever.
    expect(
      decideNavigation({ path: '/notifications', token: 't', currentRole: null, hasPreviousRoute: false }),
    ).toEqual({ allow: true });
    expect(decideNavigation({ path: '/nowhere', token: 't', currentRole: null, hasPreviousRoute: false })).toEqual({
      allow: false,
      redirect: '/',
      clearAuth: false,
    });
  });

  it('sends an unmatched route home, signed in or not', () => {
    for (const token of ['t', null]) {
      for (const path of ['/nowhere', '/jobs/7/extra', '/admin', '/job']) {
        expect(decideNavigation({ path, token, currentRole: 'SYSADMIN', hasPreviousRoute: true })).toMatchObject({
          allow: false,
          redirect: '/',
        });
      }
    }
  });

  it('clears the token when /two-factor is the first page, and allows it after a sign-in', () => {
    for (const token of ['pending', null]) {
      expect(decideNavigation({ path: '/two-factor', token, currentRole: 'AR', hasPreviousRoute: false })).toEqual({
        allow: false,
        redirect: '/',
        clearAuth: true,
      });
    }
    expect(
      decideNavigation({ path: '/two-factor', token: 'pending', currentRole: 'AR', hasPreviousRoute: true }),
    ).toEqual({
      allow: true,
    });
  });

  it('accepts a trailing slash on known paths', () => {
    expect(decideNavigation({ path: '/login/', token: null, currentRole: null, hasPreviousRoute: false }).allow).toBe(
      true,
    );
    expect(
      decideNavigation({ path: '/useful-resources-ta/', token: null, currentRole: null, hasPreviousRoute: false })
        .allow,
    ).toBe(true);
  });
});
