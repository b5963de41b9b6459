import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { hydrate } from '@tanstack/react-query';
import './index.css';
import { readPageState } from './app/page-state.ts';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { createQueryClient, loaderContext } from './lib/query-client.ts';
import { completeStandIn, followSessionEnds } from './lib/session.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** Loads the code of the lazily loaded pages the server has already drawn, before hydrating. */
async function loadRouteModules(matched: RouteObject[]): Promise<void> {
  await Promise.all(
    matched.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}

// The browser's one query cache, which every loader and component of this tab shares.
const queryClient = createQueryClient();
followSessionEnds(queryClient);
const pageState = readPageState(document);
if (pageState) {
  hydrate(queryClient, pageState.queries);
  await loadRouteModules((matchRoutes(routes, window.location) ?? []).map((m) => m.route));
}
const router = createBrowserRouter(routes, {
  hydrationData: pageState?.router,
  getContext: () => loaderContext(queryClient),
});
const app = (
  <StrictMode>
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

if (pageState) {
  // As a transition, hydration yields to the browser between components instead of blocking it.
  startTransition(() => {
    hydrateRoot(root, app);
  });
  // Pages drawn for everyone of a role name nobody: who is signed in is asked for now.
  completeStandIn(queryClient);
} else {
  createRoot(root).render(app);
}
