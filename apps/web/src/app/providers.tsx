import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { toastsWanted } from '../lib/toast.ts';

const ToastHost = lazy(() => import('./toast-host.tsx'));

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

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <LateToastHost />
    </QueryClientProvider>
  );
}
