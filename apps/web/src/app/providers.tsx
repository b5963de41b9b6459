import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useSessionEnding } from '../lib/live-connection.ts';
import { isStandIn, useMe } from '../lib/session.ts';
import { toastsWanted } from '../lib/toast.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

const ToastHost = lazy(() => import('./toast-host.tsx'));
const LiveUpdates = lazy(() => import('./live-updates.tsx'));
const AppUpdates = lazy(() => import('./app-updates.tsx'));

/** The installable app's service worker and its "new version" notice, in the browser only. */
function LateAppUpdates() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <AppUpdates />
    </Suspense>
  );
}

/**
 * The live stream of the signed-in user's events, in the browser only and once the page is the
 * app's: a new one for each person who signs in, none while signed out or signing out.
 */
function LiveWhileSignedIn() {
  const hydrated = useHydrated();
  const me = useMe();
  const user = me.data;
  // Signing out: a stream still loading must not open under a session about to end.
  const ending = useSessionEnding();
  if (!hydrated || ending || !user || isStandIn(user)) return null;
  return (
    <Suspense fallback={null}>
      <LiveUpdates key={user._id} />
    </Suspense>
  );
}

/** The toasts' container, put on the page when the first toast is asked for. */
function LateToastHost() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.current, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

/**
 * Marks the page `data-interactive` once the app has taken over what the server drew: before
 * that, a tap on a button does nothing. Styles and scripts outside React may read it.
 */
function MarkInteractive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return null;
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <LateToastHost />
      <LiveWhileSignedIn />
      <LateAppUpdates />
      <MarkInteractive />
    </QueryClientProvider>
  );
}
