import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { hydrate } from '@tanstack/react-query';
import {
  CURRENCY_CODE,
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  languageBase,
  splitLanguagePath,
} from '@market/shared';
import './index.css';
import { readPageState } from './app/page-state.ts';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { createQueryClient, loaderContext } from './lib/query-client.ts';
import { loadCatalog } from './i18n/catalogs.ts';
import { createI18n } from './i18n/i18n.ts';
import { setPageI18n } from './i18n/known-texts.ts';
import { LocaleProvider } from './i18n/locale.tsx';
import { rememberLanguage } from './i18n/remember.ts';
import { callApiIn } from './lib/api-client.ts';
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

// The page's language is its address's (the server drew it so); its catalog arrives before the
// first render, so the browser's first render says what the server's did.
const { language } = splitLanguagePath(window.location.pathname);
const basename = languageBase(language) || undefined;
const currencyAttribute = document.documentElement.dataset.currency ?? '';
const currency = CURRENCY_CODE.test(currencyAttribute) ? currencyAttribute : DEFAULT_CURRENCY;
const catalogLoaded = loadCatalog(language);
callApiIn(language);
// A Bangla page opened from a shared link is remembered, so that addresses outside the router (a
// redirect after signing in, a plain link) come back in Bangla: the server reads this cookie. An
// English visitor gets no cookie, as before there were two languages.
const remembered = document.cookie.split('; ').some((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
if (language !== DEFAULT_LANGUAGE && !remembered) rememberLanguage(language);

// The browser's one query cache, which every loader and component of this tab shares.
const queryClient = createQueryClient();
followSessionEnds(queryClient);
const pageState = readPageState(document);
if (pageState) {
  hydrate(queryClient, pageState.queries);
  await loadRouteModules(
    (matchRoutes(routes, window.location, basename) ?? []).map((m) => m.route),
  );
}
const i18n = createI18n(language, await catalogLoaded);
// Toasts, dialogs and failed actions' words, said outside components, speak the page's language.
setPageI18n(i18n);
const router = createBrowserRouter(routes, {
  basename,
  hydrationData: pageState?.router,
  getContext: () => loaderContext(queryClient),
});
const app = (
  <StrictMode>
    <LocaleProvider i18n={i18n} currency={currency}>
      <AppProviders client={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </LocaleProvider>
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
