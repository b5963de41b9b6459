/**
 * The server's way into the web app: renders a page to HTML with its data, so that it shows
 * before any script has loaded. The browser then hydrates it (main.tsx) from the same data.
 */
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import {
  LANGUAGES,
  languageBase,
  type Language,
  type PageRendererModule,
  type PageRequest,
  type RenderedPage,
} from '@market/shared';
import { CATALOG_MODULE_IDS, loadCatalog } from './i18n/catalogs.ts';
import { createI18n } from './i18n/i18n.ts';
import { LocaleProvider } from './i18n/locale.tsx';
import { writePageState } from './app/page-state.ts';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { paths } from './config/paths.ts';
import { meQueryOptions } from './lib/session.ts';
import { createQueryClient, loaderContext } from './lib/query-client.ts';
import { setRequestScope, type RenderContext } from './lib/render-context.ts';

/** What React writes where a part of the page could not be drawn and is left to the browser. */
const LEFT_TO_THE_BROWSER = '<!--$!-->';

/**
 * Draws the page in one synchronous pass, the cheapest way. A part that is still loading (a lazily
 * loaded component, the first time it is drawn after a start) is left to the browser by that pass;
 * such a page is drawn again, waiting for every part, which loads them, and then once more in one
 * pass, so the browser always gets the whole page as plain HTML: the waiting render's output would
 * complete its parts with inline scripts, which the page's Content-Security-Policy refuses.
 */
async function renderHtml(page: ReactNode): Promise<string> {
  const inOnePass = () => {
    try {
      const html = renderToString(page);
      return html.includes(LEFT_TO_THE_BROWSER) ? null : html;
    } catch {
      // Something suspended outside any boundary: the waiting render below loads it.
      return null;
    }
  };
  const first = inOnePass();
  if (first !== null) return first;
  const { prelude } = await prerenderToNodeStream(page);
  const chunks: Uint8Array[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Uint8Array);
  return inOnePass() ?? Buffer.concat(chunks).toString('utf8');
}

function lazyRouteIds(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [
    ...(route.lazy && route.id ? [route.id] : []),
    ...lazyRouteIds(route.children ?? []),
  ]);
}

/** Whether a matched route is the home page (at either of its addresses). */
const isHome = (path: string | undefined) => path === paths.home || path === paths.homeAlias;

/** Whether the page is drawn for someone signed in (the query every render makes first). */
const signedIn = (queryClient: QueryClient) =>
  Boolean(queryClient.getQueryData(meQueryOptions.queryKey));

export const createPageRenderer: PageRendererModule['createPageRenderer'] = (scope) => {
  setRequestScope(scope);
  // Each language's pages live under its own base (/bn for Bangla), so the router's links keep it.
  const handlers = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      createStaticHandler(routes, { basename: languageBase(language) || undefined }),
    ]),
  ) as Record<Language, ReturnType<typeof createStaticHandler>>;
  // One i18next instance per language, made on first use: its texts are the same for every page.
  const instances = new Map<Language, Promise<I18n>>();
  const i18nFor = (language: Language) => {
    let instance = instances.get(language);
    if (!instance) {
      instance = loadCatalog(language).then((catalog) => createI18n(language, catalog));
      instances.set(language, instance);
    }
    return instance;
  };

  async function render({ url, language, currency }: PageRequest): Promise<RenderedPage> {
    const i18n = await i18nFor(language);
    const handler = handlers[language];
    // Each request has a query cache of its own, which its loaders get from their context.
    const queryClient = createQueryClient({ forServer: true });
    // The top bar shows who is signed in on every page.
    await queryClient.prefetchQuery(meQueryOptions);
    const context = await handler.query(new Request(url), {
      requestContext: loaderContext(queryClient),
    });
    if (context instanceof Response) {
      return {
        kind: 'redirect',
        status: context.status,
        location: context.headers.get('location') ?? '/',
      };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const appHtml = await renderHtml(
      <StrictMode>
        <LocaleProvider i18n={i18n} currency={currency}>
          <AppProviders client={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </LocaleProvider>
      </StrictMode>,
    );
    // The catch-all page says "not found"; its status should too.
    const unmatched = context.matches.at(-1)?.route.path === '*';
    return {
      kind: 'page',
      status: unmatched ? 404 : context.statusCode,
      appHtml,
      stateJson: writePageState(context, queryClient),
      routeIds: [CATALOG_MODULE_IDS[language], ...context.matches.map((match) => match.route.id)],
      // A visitor's home page needs none of the app until they touch it; someone signed in gets
      // it at once (their bell and counts follow live).
      startOnInteraction: isHome(context.matches.at(-1)?.route.path) && !signedIn(queryClient),
    };
  }

  return {
    lazyRouteIds: [...Object.values(CATALOG_MODULE_IDS), ...lazyRouteIds(routes)],
    // The API client answers the render's calls through `callApi`, found in the request's scope.
    renderPage: (request) =>
      scope.run({ callApi: request.callApi } satisfies RenderContext, () => render(request)),
  };
};
