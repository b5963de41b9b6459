import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@market/shared';
import { logInPath, paths, type LogInState } from '../../../config/paths.ts';
import { FullScreenSpinner } from '../../../components/ui/spinner.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { useEndedSession, useMe } from '../../../lib/session.ts';
import { useRoleStatus } from '../api/get-role-status.ts';

function useReturnTo(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/**
 * Who the page is for: the signed-in user, or the one whose session ended while on the page (it
 * stays, with what they typed, and offers to sign in again instead of sending them away).
 */
function usePageUser() {
  const me = useMe();
  const ended = useEndedSession();
  return { me, user: me.data ?? ended };
}

/**
 * Waits for the auth state, then shows the page to signed-in users or sends others to log in.
 * `loading` is what shows while the auth state is on its way.
 */
export function RequireAuth({
  children,
  loading = <FullScreenSpinner />,
}: {
  children: ReactNode;
  loading?: ReactNode;
}) {
  const { me, user } = usePageUser();
  const from = useReturnTo();
  const [signedInHere, setSignedInHere] = useState(false);
  if (user && !signedInHere) setSignedInHere(true);
  if (me.isPending) return loading;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  // Nobody signed in on arrival: log in first. Someone who logs out here goes home, as the
  // top bar's Log out does (a session that ended on its own keeps the page, above).
  if (!user) return <Navigate to={signedInHere ? paths.home : logInPath(from)} replace />;
  return children;
}

/** Like RequireAuth, and asks the server whether the user has the role. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { me, user } = usePageUser();
  const from = useReturnTo();
  const status = useRoleStatus(role, user?.email);
  // A remembered 'no' that is being asked again (the role just changed) waits for the answer.
  const recheckingRefusal = status.data === false && status.isFetching;
  if (me.isPending || (user && (status.isPending || recheckingRefusal))) {
    return <FullScreenSpinner />;
  }
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  // A failed re-check keeps the answer already given: the page stays while a session ends.
  if (!user || status.data === false || (status.isError && status.data === undefined)) {
    // The log-in page then says who is signed in and whose page this is.
    const state: LogInState | undefined = me.data ? { pageFor: role } : undefined;
    return <Navigate to={logInPath(from)} state={state} replace />;
  }
  return children;
}
