import { RequireAuth } from '../../../features/auth/components/guards.tsx';
import { useEndedSession, useMe } from '../../../lib/session.ts';
import { DashboardShell } from '../../../components/layout/dashboard-shell.tsx';
import { DashboardLoading } from '../../../components/layout/dashboard-frame.tsx';
import { TopBarAlerts } from '../../top-bar-alerts.tsx';
import { useMarkDrawnLocation } from '../../../lib/drawn-location.ts';

function SignedInDashboard() {
  const me = useMe();
  const ended = useEndedSession();
  // RequireAuth renders this only once the user is known; a session that ended under the page
  // keeps it, with what was typed, while the banner offers to sign in again.
  const user = me.data ?? ended;
  return user ? <DashboardShell me={user} topBarEnd={<TopBarAlerts />} /> : null;
}

export function Component() {
  useMarkDrawnLocation();
  return (
    <RequireAuth loading={<DashboardLoading />}>
      <SignedInDashboard />
    </RequireAuth>
  );
}
