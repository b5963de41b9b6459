import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@market/shared';
import { logInPath } from '../../../config/paths.ts';
import { FullScreenSpinner } from '../../../components/ui/spinner.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { useMe } from '../api/get-me.ts';
import { useRoleStatus } from '../api/get-role-status.ts';

function useReturnTo(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/** Waits for the auth state, then shows the page to signed-in users or sends others to log in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const from = useReturnTo();
  if (me.isPending) return <FullScreenSpinner />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to={logInPath(from)} replace />;
  return children;
}

/** Like RequireAuth, and asks the server whether the user has the role. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const me = useMe();
  const from = useReturnTo();
  const status = useRoleStatus(role, me.data?.email);
  if (me.isPending || (me.data && status.isPending)) return <FullScreenSpinner />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data || status.data === false || status.isError) {
    return <Navigate to={logInPath(from)} replace />;
  }
  return children;
}
