// The page-cache policy: which page requests share the page cache; which pages the browser draws.
import type { Role, User } from '@market/shared';

/** Pages that only a signed-in user sees: drawn in the browser, from the plain page shell. */
const BROWSER_ONLY_PAGES = /^\/dashboard(?:\/|\?|$)/;

/**
 * Pages opened by a secret link (a shared meeting plan): drawn for each visit and kept by no
 * cache, ours or any other, so that a revoked link stops at once and no copy outlives it.
 */
const PRIVATE_LINK_PAGES = /^\/meeting-plan\//;

/**
 * Queries a shared page may have: none, or a page number. Anything else could be anything, and
 * made-up addresses must not crowd the shared pages out of the cache.
 */
const SHAREABLE_QUERY = /^(?:\?page=\d{1,6})?$/;

/**
 * The API calls a page drawn once for everyone of a role may make: the catalogue, listings,
 * sellers' public profiles and reviews, search results and their counts, and the home page's
 * content. None of them answers anything personal; the personal parts of a page (hearts, "you
 * booked this", unread counts) are asked for by the browser after the page shows.
 */
const ROLE_GENERIC_CALLS =
  /^\/api\/(?:categories|advertisement|blogs|reviews|products\/[^/?]+|product\/[^/?]+(?:\/similar)?|sellers\/[^/?]+(?:\/reviews)?|search(?:\/facets)?)(?:\?|$)/;

/**
 * How a page request is answered: with the plain page shell (`shell`); drawn once for everyone
 * who shares `key` (signed out, or signed in with one role) and kept in the page cache
 * (`shared`); or drawn for this visitor (`own`).
 */
export type PageDelivery =
  | { kind: 'shell' }
  | { kind: 'shared'; key: string; role: Role | null }
  | { kind: 'own'; noStore?: true };

interface PageRequest {
  url: string;
  headers: { cookie?: string | undefined };
  /** The signed-in user's role, looked up only for a request that sends a cookie. */
  getActor(): Promise<{ role: Role } | null>;
}

export async function pageDelivery(request: PageRequest): Promise<PageDelivery> {
  if (BROWSER_ONLY_PAGES.test(request.url)) return { kind: 'shell' };
  if (PRIVATE_LINK_PAGES.test(request.url)) return { kind: 'own', noStore: true };
  const queryStart = request.url.indexOf('?');
  if (!SHAREABLE_QUERY.test(queryStart < 0 ? '' : request.url.slice(queryStart))) {
    return { kind: 'own' };
  }
  if (request.headers.cookie === undefined) {
    return { kind: 'shared', key: request.url, role: null };
  }
  // An unknown or ended session is drawn for the visitor: the page may send them to log in.
  const actor = await request.getActor();
  if (!actor) return { kind: 'own' };
  return { kind: 'shared', key: `${actor.role} ${request.url}`, role: actor.role };
}

/** Whether a page drawn for everyone of a role may make this API call (path and query). */
export function isRoleGenericCall(method: string, path: string): boolean {
  return method === 'GET' && ROLE_GENERIC_CALLS.test(path);
}

/**
 * Who a page drawn for everyone of a role shows as signed in: the role and nothing personal.
 * The browser asks for the real user as soon as the page has shown (`_id` empty marks it).
 */
export function standInUser(role: Role): User {
  return { _id: '', name: '', email: '', phone: null, img: null, role, isVerifiedUser: false };
}
