import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

const ToastHost = lazy(() => import('./toast-host.tsx'));

/** Toasts are only ever raised in the browser, so their code loads after the page is up. */
function LateToastHost() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
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
