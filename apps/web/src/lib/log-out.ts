import { hashKey, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@market/shared';
import { paths } from '../config/paths.ts';
import { authClient } from './auth-client.ts';
import { notifyError } from './errors.ts';
import { pauseLiveConnections, resumeLiveConnections, sessionEnded } from './live-connection.ts';
import { forgetEndedSession, meKeys } from './session.ts';
import { toast } from './toast.ts';

/** Nobody is signed in any more (log-out, a deleted account): forget what was read as them. */
export function forgetSignedInUser(queryClient: QueryClient): void {
  // Older versions of the app kept a token here; the session cookie is all we use now.
  localStorage.removeItem('accessToken');
  forgetEndedSession();
  queryClient.setQueryData(meKeys.all, null);
  const signedOut = hashKey(meKeys.all);
  // Everything else was read as the person who just left; the lists still shown are public.
  queryClient.removeQueries({
    type: 'inactive',
    predicate: (query) => query.queryHash !== signedOut,
  });
  sessionEnded();
}

/**
 * Ends the session on the server, forgets cached data, and returns to the home page (or, with
 * `stay`, stays where it is: the log-in page offering another account). A module of its own,
 * apart from lib/session.ts, so that visitors do not download the auth client.
 */
export function useLogOut({ stay = false }: { stay?: boolean } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => {
      // The live stream ends first: the server would refuse its reconnection once signed out.
      pauseLiveConnections();
      return authClient.signOut();
    },
    onSuccess: async () => {
      toast.success(MESSAGES.logoutSuccess);
      // Home first: a dashboard page that saw its user leave would send them to log in instead.
      if (!stay) await navigate(paths.home);
      forgetSignedInUser(queryClient);
    },
    onError: (err) => {
      resumeLiveConnections();
      notifyError('Log out', err);
    },
  });
}
