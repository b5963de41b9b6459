import type { ReactNode } from 'react';
import { Outlet, useOutletContext } from 'react-router';
import type { User } from '@market/shared';
import { DashboardFrame } from './dashboard-frame.tsx';
import { DashboardSidebar } from './dashboard-sidebar.tsx';

/** The signed-in user, for pages rendered inside the dashboard. */
export function useDashboardUser(): User {
  return useOutletContext<User>();
}

/**
 * The dashboard of a signed-in user: their sidebar, the page they are on, and what the app puts
 * at the top bar's end.
 */
export function DashboardShell({ me, topBarEnd }: { me: User; topBarEnd?: ReactNode }) {
  return (
    <DashboardFrame
      sidebar={(closeDrawer) => <DashboardSidebar me={me} onNavigate={closeDrawer} />}
      topBarEnd={topBarEnd}
    >
      <Outlet context={me} />
    </DashboardFrame>
  );
}
