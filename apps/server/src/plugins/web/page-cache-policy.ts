// The page-cache policy: which page requests share the page cache; which pages the browser draws.
import type { FastifyRequest } from 'fastify';

/** Pages that only a signed-in user sees: drawn in the browser, from the plain page shell. */
const BROWSER_ONLY_PAGES = /^\/dashboard(?:\/|\?|$)/;

/**
 * How a page request is answered: with the plain page shell (`shell`), rendered once for all
 * visitors from the shared page cache (`shared`), or rendered for this visitor (`own`).
 */
export type PageDelivery = 'shell' | 'shared' | 'own';

export function pageDelivery(request: Pick<FastifyRequest, 'url' | 'headers'>): PageDelivery {
  if (BROWSER_ONLY_PAGES.test(request.url)) return 'shell';
  // A visitor with no cookie is signed out: such pages are the same for all, so they are shared;
  // not those with a query, which could be anything.
  if (request.headers.cookie === undefined && !request.url.includes('?')) return 'shared';
  return 'own';
}
