import DashboardPage from './dashboard-page';
import { ShellFrame } from './shell/shell-frame';

/** '/' when signed in: the dashboard in the shell. */
export default function SignedInHome() {
  return (
    <ShellFrame>
      <DashboardPage />
    </ShellFrame>
  );
}
