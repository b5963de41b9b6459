import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  productSchema,
  searchFacetsSchema,
  searchQuerySchema,
  searchSuggestQuerySchema,
  searchSuggestionsSchema,
} from '@market/shared';
import { signedIn } from '../../lib/access.ts';
import { SearchCursors } from './search-cursor.ts';
import { searchFacets, searchProducts, suggestNames } from './search.service.ts';

/** The address of the next page: the same query with the next cursor. */
function nextPageLink(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, 'http://localhost');
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}?${url.searchParams.toString()}>; rel="next"`;
}

/*
 * Search answers are personal to nobody but distinct per query: they are not kept in the
 * response cache, so no run of made-up queries or cursors can fill it.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const cursors = new SearchCursors(app.config.authSecret);

  app.get(
    '/search',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['search'],
        summary: 'Listings matching words and filters (signed-in users)',
        description: `Words match in any order across name, brand, storage and description, as prefixes, forgiving one-letter typos in words of five or more letters. The total is in ${TOTAL_COUNT_HEADER}; the next page's address is in the Link header (rel="next") and its cursor in ${NEXT_CURSOR_HEADER}.`,
        querystring: searchQuerySchema,
        response: { 200: z.array(productSchema) },
      },
    },
    async (request, reply) => {
      const result = await searchProducts(app.db, cursors, request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(result.total));
      if (result.nextCursor) {
        void reply.header(NEXT_CURSOR_HEADER, result.nextCursor);
        void reply.header('Link', nextPageLink(request.url, result.nextCursor));
      }
      return result.products;
    },
  );

  app.get(
    '/search/facets',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['search'],
        summary: 'How many results each filter choice would leave (signed-in users)',
        description:
          "Takes the search's query; paging and sort are ignored. A filter's own choices are counted as if it were unset.",
        querystring: searchQuerySchema,
        response: { 200: searchFacetsSchema },
      },
    },
    async (request) => searchFacets(app.db, request.query),
  );

  app.get(
    '/search/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Listing names beginning with the typed words, best first',
        description:
          "Public, like the listings' own pages that show these names: a visitor sees what is for sale before signing in. The results stay behind sign-in.",
        querystring: searchSuggestQuerySchema,
        response: { 200: searchSuggestionsSchema },
      },
    },
    async (request) => ({ suggestions: await suggestNames(app.db, request.query.q) }),
  );
};
