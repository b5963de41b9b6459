import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { DashboardLoading } from '../components/layout/dashboard-frame.tsx';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';
import { RouteErrorPage } from './routes/error-page.tsx';
import HomeRoute, { loader as homeLoader } from './routes/home.tsx';
import { PublicFrame } from './public-frame.tsx';
import { withAccountTexts } from '../i18n/catalogs.ts';
import { getPageI18n } from '../i18n/known-texts.ts';

/** What a lazily loaded page module exports. */
interface PageModule {
  Component: ComponentType;
  loader?: LoaderFunction;
}

/**
 * The public pages that load as chunks of their own, keyed by their path from the web app's root
 * (the home page and the error page come with the entry).
 */
const lazyPages = import.meta.glob<PageModule>([
  '/src/app/routes/*.tsx',
  '!/src/app/routes/home.tsx',
  '!/src/app/routes/error-page.tsx',
  // Tests beside the pages are not pages: they (and the mock server they load) stay out of the build.
  '!/src/app/routes/*.test.tsx',
]);

/**
 * A lazily loaded public page, given its file under routes/. Its route id is its module's path,
 * which is also the module's key in the build's manifest: the server, which renders the page,
 * finds by it the chunks and stylesheets that the browser fetches along with the page.
 */
function lazyPage(file: string): Required<Pick<RouteObject, 'id' | 'lazy'>> {
  const id = `src/app/routes/${file}`;
  const lazy = lazyPages[`/${id}`];
  if (!lazy) throw new Error(`No page module ${id}`);
  return { id, lazy };
}

/**
 * Every page but the home page loads as its own chunk, so the first visit ships little code.
 * Route modules export `Component` (and `loader` where data must arrive before the page shows).
 */
export const routes: RouteObject[] = [
  {
    element: <PublicFrame />,
    errorElement: <RouteErrorPage />,
    // Shown while a deep link's page chunk and loader arrive on the first visit.
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { path: paths.home, element: <HomeRoute />, loader: homeLoader },
      { path: paths.homeAlias, element: <HomeRoute />, loader: homeLoader },
      { path: paths.categories, ...lazyPage('categories.tsx') },
      { path: paths.categoryPattern, ...lazyPage('category.tsx') },
      { path: paths.productPattern, ...lazyPage('product.tsx') },
      { path: paths.sellerPattern, ...lazyPage('seller.tsx') },
      { path: paths.blog, ...lazyPage('blog.tsx') },
      { path: paths.help, ...lazyPage('help.tsx') },
      { path: paths.search, ...lazyPage('search.tsx') },
      { path: paths.logIn, ...lazyPage('log-in.tsx') },
      { path: paths.registration, ...lazyPage('registration.tsx') },
      { path: paths.forgotPassword, ...lazyPage('forgot-password.tsx') },
      { path: paths.resetPassword, ...lazyPage('reset-password.tsx') },
      { path: paths.unsubscribe, ...lazyPage('unsubscribe.tsx') },
      { path: paths.meetingPlanPattern, ...lazyPage('meeting-plan.tsx') },
      { path: paths.meetingSpots, ...lazyPage('meeting-spots.tsx') },
      { path: '*', ...lazyPage('not-found.tsx') },
    ],
  },
  {
    path: paths.dashboard.root,
    errorElement: <RouteErrorPage />,
    // A dashboard address opened directly shows the dashboard's frame while its code arrives.
    hydrateFallbackElement: <DashboardLoading />,
    // The dashboard's texts come with its code (withAccountTexts): the public pages never load them.
    lazy: async () => {
      const i18n = getPageI18n();
      const [layout] = await Promise.all([
        import('./routes/dashboard/layout.tsx'),
        i18n && withAccountTexts(i18n),
      ]);
      return layout;
    },
    children: [
      { index: true, lazy: () => import('./routes/dashboard/welcome.tsx') },
      {
        path: paths.dashboard.myOrders,
        lazy: () => withRole('buyer', import('./routes/dashboard/my-orders.tsx')),
      },
      {
        path: paths.dashboard.checkPhonePattern,
        lazy: () => withRole('buyer', import('./routes/dashboard/check-phone.tsx')),
      },
      {
        path: paths.dashboard.myWishlist,
        lazy: () => withRole('buyer', import('./routes/dashboard/my-wishlist.tsx')),
      },
      {
        path: paths.dashboard.savedSearches,
        lazy: () => withRole('buyer', import('./routes/dashboard/saved-searches.tsx')),
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
        path: paths.dashboard.myReviews,
        lazy: () => withRole('seller', import('./routes/dashboard/my-reviews.tsx')),
      },
      {
        path: paths.dashboard.addProduct,
        lazy: () => withRole('seller', import('./routes/dashboard/add-product.tsx')),
      },
      {
        path: paths.dashboard.editProductPattern,
        lazy: () => withRole('seller', import('./routes/dashboard/edit-product.tsx')),
      },
      {
        path: paths.dashboard.allSellers,
        lazy: () => withRole('admin', import('./routes/dashboard/all-sellers.tsx')),
      },
      {
        path: paths.dashboard.allBuyers,
        lazy: () => withRole('admin', import('./routes/dashboard/all-buyers.tsx')),
      },
      {
        path: paths.dashboard.reports,
        lazy: () => withRole('admin', import('./routes/dashboard/reports.tsx')),
      },
      {
        path: paths.dashboard.audit,
        lazy: () => withRole('admin', import('./routes/dashboard/audit.tsx')),
      },
      {
        path: paths.dashboard.stolenReports,
        lazy: () => withRole('admin', import('./routes/dashboard/stolen-reports.tsx')),
      },
      {
        path: paths.dashboard.possessionPhotos,
        lazy: () => withRole('admin', import('./routes/dashboard/possession-photos.tsx')),
      },
      {
        path: paths.dashboard.meetingSpots,
        lazy: () => withRole('admin', import('./routes/dashboard/meeting-spots.tsx')),
      },
      {
        // Anyone signed in: an owner may be a buyer, a seller or an admin.
        path: paths.dashboard.stolenPhones,
        lazy: () => import('./routes/dashboard/stolen-phones.tsx'),
      },
      { path: paths.dashboard.profile, lazy: () => import('./routes/dashboard/profile.tsx') },
      {
        // Buyers and sellers; the page tells an admin that they have no conversations.
        path: paths.dashboard.messages,
        lazy: () => import('./routes/dashboard/messages.tsx'),
        children: [
          { index: true, lazy: () => import('./routes/dashboard/messages-index.tsx') },
          {
            path: paths.dashboard.conversationPattern,
            lazy: () => import('./routes/dashboard/conversation.tsx'),
          },
        ],
      },
      {
        path: paths.dashboard.notifications,
        lazy: () => import('./routes/dashboard/notifications.tsx'),
      },
      {
        path: paths.dashboard.notificationSettings,
        lazy: () => import('./routes/dashboard/notification-settings.tsx'),
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
