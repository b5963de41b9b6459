import type { Language } from './languages.ts';

/**
 * The contract between the server and the web app's server entry, which renders public pages
 * to HTML so that they show before any script runs.
 */

/**
 * The id of the JSON script in which a rendered page hands its data to the browser: the server
 * writes it, the browser reads it.
 */
export const PAGE_STATE_ID = 'page-state';

/** An API call made while a page is rendered; the server answers it in-process. */
export interface ApiCall {
  method: string;
  /** Path and query, starting with /api. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface PageRequest {
  /** The page's absolute URL, with its language prefix (`/bn/...`) if it has one. */
  url: string;
  /** The language the page is drawn in: the one its address names. */
  language: Language;
  /** The currency prices are shown in (the operator's CURRENCY). */
  currency: string;
  /** Answers the page's API calls as the visitor: with the visitor's cookie. */
  callApi: (call: ApiCall) => Promise<ApiAnswer>;
}

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The markup that goes inside #root. */
      appHtml: string;
      /** The page's data as JSON that is safe inside a <script> element. */
      stateJson: string;
      /**
       * Route ids of the matched pages and the id of the language's catalog module (see
       * `PageRenderer.lazyRouteIds`): the chunks and stylesheets the page needs.
       */
      routeIds: string[];
      /**
       * The page works as drawn until the person first touches it (a visitor's home page: links,
       * a search form, the menu's own script): the app's scripts are fetched then, not before.
       */
      startOnInteraction: boolean;
    };

/** Keeps a value for the duration of one request's asynchronous work (AsyncLocalStorage). */
export interface RequestScope {
  run<R>(value: unknown, fn: () => R): R;
  getStore(): unknown;
}

export interface PageRenderer {
  /**
   * The ids of the lazily loaded pages. Each is its module's path from the web app's root, which
   * is also the module's key in the browser build's manifest: the server finds a page's chunks
   * and stylesheets by it. The language catalogs' modules are listed too.
   */
  lazyRouteIds: readonly string[];
  renderPage(request: PageRequest): Promise<RenderedPage>;
}

/** What the built server entry exports. */
export interface PageRendererModule {
  createPageRenderer(scope: RequestScope): PageRenderer;
}
