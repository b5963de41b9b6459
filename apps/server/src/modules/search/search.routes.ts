import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NEXT_CURSOR_HEADER,
  SEARCH_COUNT_LIMIT,
  TOTAL_COUNT_HEADER,
  TOTAL_COUNT_RELATION_HEADER,
  productSchema,
  searchFacetsSchema,
  searchQuerySchema,
  searchSuggestQuerySchema,
  searchSuggestionsSchema,
} from '@market/shared';
import { signedIn } from '../../lib/access.ts';
import { sendText } from '../../lib/compression.ts';
import { sendCursorPage } from '../../lib/paging.ts';
import { cacheKey, JSON_TYPE } from '../../lib/response-cache.ts';
import { SearchCursors } from './search-cursor.ts';
import { searchTokens } from './search-text.ts';
import { searchFacets, searchProducts, suggestNames } from './search.service.ts';

/*
 * Search answers are personal to nobody but distinct per query: they are not kept in the
 * response cache, so no run of made-up queries or cursors can fill it. Suggestions are kept only
 * for words that begin a listing's name, which are few.
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
        description: `Words match in any order across name, brand, storage and description, as prefixes, forgiving one-letter typos in words of five or more letters. Best match puts listings with every word in the name first, then those with every word in the name, brand and details, then the rest, newest first within each. The total is in ${TOTAL_COUNT_HEADER}: exact when ${TOTAL_COUNT_RELATION_HEADER} is "eq", and at least that many ("gte") once the search has counted ${SEARCH_COUNT_LIMIT} matches. The next page's address is in the Link header (rel="next") and its cursor in ${NEXT_CURSOR_HEADER}.`,
        querystring: searchQuerySchema,
        response: { 200: z.array(productSchema) },
      },
    },
    async (request, reply) => {
      const result = await searchProducts(app.db, cursors, request.query, app.searchIndex);
      const cards = sendCursorPage(reply, request.url, { ...result, items: result.cards });
      // Each card went through the product schema when it was made (search-cards.ts).
      return sendText(reply.type(JSON_TYPE), Buffer.from(`[${cards.join(',')}]`));
    },
  );

  app.get(
    '/search/facets',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['search'],
        summary: 'How many results each filter choice would leave (signed-in users)',
        description: `Takes the search's query; paging and sort are ignored. A filter's own choices are counted as if it were unset. Each count reads at most ${SEARCH_COUNT_LIMIT} matches; when one stopped there, exact is false and the counts are lower bounds.`,
        querystring: searchQuerySchema,
        response: { 200: searchFacetsSchema },
      },
    },
    async (request) => searchFacets(app.searchIndex, request.query),
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
    async (request, reply) =>
      // Kept in the catalogue cache (cleared by every write to listings) under the typed words,
      // only when there are suggestions: words that begin no name are never kept.
      app.catalogCache.send(
        reply,
        cacheKey('suggest', { words: searchTokens(request.query.q).join(' ') }),
        async () => {
          const suggestions = await suggestNames(app.searchIndex, request.query.q);
          return { body: { suggestions }, keep: suggestions.length > 0 };
        },
      ),
  );
};
