import { guard, matchRoute, ROUTES } from '@portal/shared';

/** Everything the navigation guard of spec/01 2.2 decides on. */
export interface NavigationInput {
  path: string;
  token: string | null;
  currentRole: string | null;
  /**
   * Whether the user came here from another page of this tab with a sign-in waiting for its second
   * factor. False on a first page load (typed address, reload, bookmark).
   */
  hasPreviousRoute: boolean;
}

export type NavigationDecision =
  | { allow: true }
  | { allow: false; redirect: string; clearAuth: boolean }
  /** A token is stored without its current role: decide once the active user has brought it. */
  | { allow: false; awaitRole: true };

/**
 * - landing on /two-factor with no previous route clears the token and goes to /;
 * - a role-restricted route with a token but no stored current role waits for the active user,
 *   whose roles give the current role (a sign-in stores both; storage holding the token alone was
 *   cleared in part or written by another tool, and sending that user home first cost a detour of
 *   the home page's code on the first load, bench/dashboard-vitals.mjs);
 * - a protected route without a token, a role-restricted route without the current role, and an
 *   unmatched route go to / (shared guard()).
 */
export function decideNavigation(input: NavigationInput): NavigationDecision {
  if (input.path === ROUTES.twoFactor.path && !input.hasPreviousRoute) {
    return { allow: false, redirect: ROUTES.home.path, clearAuth: true };
  }
  if (input.token && input.currentRole === null) {
    const access = matchRoute(input.path)?.access;
    if (Array.isArray(access)) return { allow: false, awaitRole: true };
  }
  const decision = guard(input.path, Boolean(input.token), input.token ? input.currentRole : null);
  return decision.allow ? decision : { allow: false, redirect: decision.redirect, clearAuth: false };
}
