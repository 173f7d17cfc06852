import { lazy, Suspense } from 'react';
import { isSignedIn, useSession } from '../lib/session';
import { LoginScreen } from '../features/auth/login-screen';
import { AuthFrame } from './auth-frame';

// The sign-in screen is the first thing most visitors load: the shell, the dashboard and its cards
// come only when a session exists.
const SignedInHome = lazy(() => import('./signed-in-home'));

/** '/': the dashboard when signed in, the login screen otherwise (spec/01 2.1). */
export default function HomePage() {
  const session = useSession();
  if (isSignedIn(session)) {
    return (
      <Suspense fallback={null}>
        <SignedInHome />
      </Suspense>
    );
  }
  return (
    <AuthFrame>
      <LoginScreen />
    </AuthFrame>
  );
}
