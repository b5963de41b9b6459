import { RequireAuth } from '../../../features/auth/components/guards.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { DashboardShell } from '../../../components/layout/dashboard-shell.tsx';

function SignedInDashboard() {
  const me = useMe();
  // RequireAuth renders this only once the signed-in user is known.
  return me.data ? <DashboardShell me={me.data} /> : null;
}

export function Component() {
  return (
    <RequireAuth>
      <SignedInDashboard />
    </RequireAuth>
  );
}
