import { lazy, Suspense } from 'react';
import { isSignedIn, useSession } from '../lib/session';
import { LoginScreen } from '../features/auth/login-screen';
import { AuthFrame } from './frames';
import { ShellFrame } from './shell/shell-frame';

// The sign-in screen is the first thing most visitors load: the dashboard and its cards come only
// when a session exists.
const DashboardPage = lazy(() => import('./dashboard-page'));

/** '/': the dashboard when signed in, the login screen otherwise (spec/01 2.1). */
export default function HomePage() {
  const session = useSession();
  if (isSignedIn(session)) {
    return (
      <ShellFrame>
        <Suspense fallback={null}>
          <DashboardPage />
        </Suspense>
      </ShellFrame>
    );
  }
  return (
    <AuthFrame>
      <LoginScreen />
    </AuthFrame>
  );
}
