import { Outlet, useOutletContext } from 'react-router';
import type { User } from '@market/shared';
import { DashboardFrame } from './dashboard-frame.tsx';
import { DashboardSidebar } from './dashboard-sidebar.tsx';

/** The signed-in user, for pages rendered inside the dashboard. */
export function useDashboardUser(): User {
  return useOutletContext<User>();
}

/** The dashboard of a signed-in user: their sidebar, and the page they are on. */
export function DashboardShell({ me }: { me: User }) {
  return (
    <DashboardFrame
      sidebar={(closeDrawer) => <DashboardSidebar me={me} onNavigate={closeDrawer} />}
    >
      <Outlet context={me} />
    </DashboardFrame>
  );
}
