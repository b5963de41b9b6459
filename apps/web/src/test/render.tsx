import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type LoaderFunction } from 'react-router';
import { loaderContext } from '../lib/query-client.ts';

const HydrateFallback = () => null;

/**
 * Renders `element` at `path` (matched by `route`) as the app shows it: in a data router, as the
 * app's, and with a fresh query cache that does not retry, so a failed call shows at once. A
 * route's `loader` runs before it shows, on each navigation, with that cache in its context, as
 * in the app. The router is returned too, so that a test can read the address the page went to.
 */
export function renderPage(
  element: ReactNode,
  {
    path = '/',
    route = '*',
    loader,
  }: { path?: string; route?: string; loader?: LoaderFunction } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // Until the first load of the loader is done, the page shows nothing.
  const router = createMemoryRouter([{ path: route, element, loader, HydrateFallback }], {
    initialEntries: [path],
    getContext: () => loaderContext(queryClient),
  });
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...rendered, router };
}
