import { Navigate } from 'react-router';
import { landingPathFor } from '@portal/shared';
import { isSignedIn, useSession } from '../../lib/session';
import { LoginScreen } from './login-screen';

/** /login: the login screen, or the landing page when already signed in. */
export default function LoginPage() {
  const session = useSession();
  if (isSignedIn(session) && session.currentRole) return <Navigate to={landingPathFor(session.currentRole)} replace />;
  return <LoginScreen />;
}
