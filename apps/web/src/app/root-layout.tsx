import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import {
  landingPathFor,
  matchRoute,
  MESSAGES,
  NO_SPINNER_PATHS,
  PRODUCT_NAME,
  ROLE_NAMES,
  ROUTES,
  SCROLL_TO_TOP_DELAY_MS,
  type Role,
} from '@portal/shared';
import { addShellAlert } from '../components/shell-alerts';
import { FullScreenLoader } from '../components/full-screen-loader';
import { useActiveUser } from '../features/auth/api';
import { getPendingLogin, setPendingLogin } from '../features/auth/pending-login';
import { sessionEnded, setUnauthorizedHandler } from '../lib/api-client';
import { useOverlaysWanted } from '../lib/overlays';
import { clearAuth, isSignedIn, syncActiveUser, useSession } from '../lib/session';
import { decideNavigation } from './guard';

const OverlayHosts = lazy(() => import('./overlay-hosts'));

function showsSpinner(path: string): boolean {
  return !NO_SPINNER_PATHS.includes(path);
}

/**
 * Leaves a page the guard refused, forgetting the sign-in first when the guard says so. A signed-in
 * user refused a page of another role is told so, briefly, on the page they land on.
 */
function GuardRedirect({ to, clear, notAllowed }: { to: string; clear: boolean; notAllowed: string | null }) {
  const navigate = useNavigate();
  const { currentRole } = useSession();
  useEffect(() => {
    if (clear) {
      clearAuth();
      setPendingLogin(null);
    }
    if (notAllowed && currentRole) {
      // '/' shows the dashboard; an admin goes on from there to their landing page.
      addShellAlert({
        id: 'not-allowed',
        message: notAllowed,
        color: 'yellow',
        onlyOn: [to, landingPathFor(currentRole)],
      });
    }
    void navigate(to, { replace: true });
  }, [clear, currentRole, navigate, notAllowed, to]);
  return null;
}

/** The line for a signed-in user on a page that exists but is not for their current role. */
function notAllowedLine(path: string, currentRole: Role | null): string | null {
  const route = matchRoute(path);
  if (!route || !currentRole || !Array.isArray(route.access)) return null;
  return MESSAGES.pageNotAllowed(route.title, ROLE_NAMES[currentRole]);
}

/**
 * The root of every page: the navigation guard (spec/01 2.2), the start-up active-user check, the
 * loading spinner and scroll-to-top. The toast and modal hosts live here so modal content can use the router.
 */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();

  const signedIn = isSignedIn(session);
  const overlaysWanted = useOverlaysWanted();
  const onTwoFactor = location.pathname === ROUTES.twoFactor.path;

  // Decided once per location, so storing the verified token on /two-factor does not flip it.
  const [previousRoute, setPreviousRoute] = useState<{ key: string; value: boolean } | null>(null);
  let hasPreviousRoute: boolean;
  if (previousRoute?.key === location.key) {
    hasPreviousRoute = previousRoute.value;
  } else {
    // 'default' is the key of the location the tab opened on.
    hasPreviousRoute = location.key !== 'default' && session.awaitingSecondFactor && getPendingLogin() !== null;
    setPreviousRoute({ key: location.key, value: hasPreviousRoute });
  }

  const decision = decideNavigation({
    path: location.pathname,
    token: signedIn ? session.token : null,
    currentRole: session.currentRole,
    hasPreviousRoute,
  });

  // A 401 anywhere: the api client has cleared the storage; go home inside the app.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      setPendingLogin(null);
      queryClient.removeQueries();
      void navigate(ROUTES.home.path, { replace: true });
    });
  }, [navigate, queryClient]);

  // On start (and after every sign-in) the active user is fetched; failure ends the session. A page
  // waiting for the current role waits for this answer (syncActiveUser below stores the role).
  const awaitingRole = 'awaitRole' in decision;
  const activeUser = useActiveUser(signedIn && !onTwoFactor && (decision.allow || awaitingRole));
  useEffect(() => {
    if (!activeUser.isError) return;
    // The same end as a 401's (lib/api-client.ts), whatever the failure was.
    sessionEnded(true);
  }, [activeUser.isError]);

  useEffect(() => {
    // A committee member works in one committee at a time; the first one by default.
    if (activeUser.data) syncActiveUser(activeUser.data);
  }, [activeUser.data]);

  useEffect(() => {
    const route =
      location.pathname === ROUTES.home.path
        ? signedIn
          ? ROUTES.dashboard
          : ROUTES.login
        : matchRoute(location.pathname);
    document.title = route ? `${route.title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [location.pathname, signedIn]);

  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo({ top: 0, left: 0 }), SCROLL_TO_TOP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key]);

  const targetPath = navigation.location?.pathname ?? location.pathname;
  const loading =
    navigation.state === 'loading' ||
    (signedIn && !onTwoFactor && activeUser.isPending && activeUser.fetchStatus !== 'idle');

  return (
    <>
      {decision.allow ? (
        <Outlet />
      ) : awaitingRole ? null : (
        <GuardRedirect
          to={decision.redirect}
          clear={decision.clearAuth}
          notAllowed={signedIn && !decision.clearAuth ? notAllowedLine(location.pathname, session.currentRole) : null}
        />
      )}
      {loading && showsSpinner(targetPath) && <FullScreenLoader />}
      {(overlaysWanted || signedIn) && (
        <Suspense fallback={null}>
          <OverlayHosts />
        </Suspense>
      )}
    </>
  );
}

/** Shown while the first page's code loads. */
export function InitialLoader() {
  return showsSpinner(window.location.pathname) ? <FullScreenLoader /> : null;
}
