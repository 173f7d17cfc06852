import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { landingPathFor, ROUTES, type RouteName } from '@portal/shared';
import { getSession, isSignedIn } from '../lib/session';
import { PAGES, type Frame } from './pages';
import { InitialLoader, RootLayout } from './root-layout';
import { RouteError } from './route-error';

export interface RouteHandle {
  route: RouteName;
}

/**
 * '/' and /dashboard for a signed-in admin: their landing page, redirected while the navigation
 * resolves. A <Navigate> drawn by the dashboard after it rendered was sometimes lost in a quick run
 * of in-app navigations, leaving an empty page (the e2e accessibility walk as TA_ADMIN).
 */
function adminLanding() {
  const session = getSession();
  const landing = isSignedIn(session) && session.currentRole ? landingPathFor(session.currentRole) : null;
  if (landing && landing !== ROUTES.dashboard.path) return redirect(landing);
  return null;
}

function pageRoute(name: RouteName): RouteObject {
  const page = PAGES[name];
  return {
    path: ROUTES[name].path,
    handle: { route: name } satisfies RouteHandle,
    ...(name === 'home' || name === 'dashboard' ? { loader: adminLanding } : {}),
    lazy: async () => ({ Component: (await page.load()).default }),
  };
}

function pagesIn(frame: Frame): RouteObject[] {
  return (Object.keys(PAGES) as RouteName[]).filter((name) => PAGES[name].frame === frame).map(pageRoute);
}

const frames = () => import('./frames');

/** The route tree, built from the shared route table (packages/shared/src/access.ts). */
export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: InitialLoader,
      ErrorBoundary: RouteError,
      children: [
        ...pagesIn('none'),
        { id: 'frame-auth', lazy: async () => ({ Component: (await frames()).AuthLayout }), children: pagesIn('auth') },
        {
          id: 'frame-public',
          lazy: async () => ({ Component: (await frames()).PublicLayout }),
          children: pagesIn('public'),
        },
        { id: 'frame-auto', lazy: async () => ({ Component: (await frames()).AutoLayout }), children: pagesIn('auto') },
        {
          id: 'frame-shell',
          lazy: async () => ({ Component: (await frames()).ShellLayout }),
          children: pagesIn('shell'),
        },
        // Unmatched paths: the guard sends them to '/'.
        { path: '*', Component: () => null },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
