import { isSignedIn, useSession } from '../lib/session';
import { LoginScreen } from '../features/auth/login-screen';
import DashboardPage from './dashboard-page';
import { AuthFrame } from './frames';
import { ShellFrame } from './shell/shell-frame';

/** '/': the dashboard when signed in, the login screen otherwise (spec/01 2.1). */
export default function HomePage() {
  const session = useSession();
  if (isSignedIn(session)) {
    return (
      <ShellFrame>
        <DashboardPage />
      </ShellFrame>
    );
  }
  return (
    <AuthFrame>
      <LoginScreen />
    </AuthFrame>
  );
}
