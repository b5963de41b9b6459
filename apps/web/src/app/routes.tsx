import type { RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { PublicLayout } from '../components/layout/public-layout.tsx';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';
import { RouteErrorPage } from './routes/error-page.tsx';
import HomeRoute, { loader as homeLoader } from './routes/home.tsx';

/**
 * Every page but the home page loads as its own chunk, so the first visit ships little code.
 * Route modules export `Component` (and `loader` where data must arrive before the page shows).
 * A lazily loaded public page's id is its module's path under src/, so that the server, which
 * renders these pages, can tell the browser which chunk to fetch along with the page.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while a deep link's page chunk and loader arrive on the first visit.
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { path: paths.home, element: <HomeRoute />, loader: homeLoader },
      { path: paths.homeAlias, element: <HomeRoute />, loader: homeLoader },
      {
        id: 'app/routes/categories.tsx',
        path: paths.categories,
        lazy: () => import('./routes/categories.tsx'),
      },
      {
        id: 'app/routes/category.tsx',
        path: paths.categoryPattern,
        lazy: () => import('./routes/category.tsx'),
      },
      {
        id: 'app/routes/blog.tsx',
        path: paths.blog,
        lazy: () => import('./routes/blog.tsx'),
      },
      {
        id: 'app/routes/log-in.tsx',
        path: paths.logIn,
        lazy: () => import('./routes/log-in.tsx'),
      },
      {
        id: 'app/routes/registration.tsx',
        path: paths.registration,
        lazy: () => import('./routes/registration.tsx'),
      },
      {
        id: 'app/routes/forgot-password.tsx',
        path: paths.forgotPassword,
        lazy: () => import('./routes/forgot-password.tsx'),
      },
      {
        id: 'app/routes/reset-password.tsx',
        path: paths.resetPassword,
        lazy: () => import('./routes/reset-password.tsx'),
      },
      {
        id: 'app/routes/not-found.tsx',
        path: '*',
        lazy: () => import('./routes/not-found.tsx'),
      },
    ],
  },
  {
    path: paths.dashboard.root,
    errorElement: <RouteErrorPage />,
    lazy: () => import('./routes/dashboard/layout.tsx'),
    children: [
      { index: true, lazy: () => import('./routes/dashboard/welcome.tsx') },
      {
        path: paths.dashboard.myOrders,
        lazy: () => withRole('buyer', import('./routes/dashboard/my-orders.tsx')),
      },
      {
        path: paths.dashboard.myWishlist,
        lazy: () => withRole('buyer', import('./routes/dashboard/my-wishlist.tsx')),
      },
      {
        path: paths.dashboard.checkout,
        lazy: () => withRole('buyer', import('./routes/dashboard/checkout.tsx')),
      },
      {
        path: paths.dashboard.myProducts,
        lazy: () => withRole('seller', import('./routes/dashboard/my-products.tsx')),
      },
      {
        path: paths.dashboard.myBuyers,
        lazy: () => withRole('seller', import('./routes/dashboard/my-buyers.tsx')),
      },
      {
        path: paths.dashboard.addProduct,
        lazy: () => withRole('seller', import('./routes/dashboard/add-product.tsx')),
      },
      {
        path: paths.dashboard.allSellers,
        lazy: () => withRole('admin', import('./routes/dashboard/all-sellers.tsx')),
      },
      {
        path: paths.dashboard.allBuyers,
        lazy: () => withRole('admin', import('./routes/dashboard/all-buyers.tsx')),
      },
    ],
  },
];

/** Wraps a lazily loaded dashboard page in the guard for its role. */
async function withRole(
  role: 'buyer' | 'seller' | 'admin',
  modulePromise: Promise<{ Component: React.ComponentType }>,
) {
  const [{ Component }, { RequireRole }] = await Promise.all([
    modulePromise,
    import('../features/auth/components/guards.tsx'),
  ]);
  return {
    Component: () => (
      <RequireRole role={role}>
        <Component />
      </RequireRole>
    ),
  };
}
